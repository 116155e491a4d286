import { createHash } from 'crypto';
import type { INodeProperties, INodePropertyOptions, PreSendAction } from 'n8n-workflow';

/*
 * Why alike fields are folded: a node description with one property per operation's field had 449
 * properties (`uid` 40 times). n8n's editor receives and checks all of them, and on every parameter read
 * at run time n8n looks the property up among them by name and display options. (They were also why n8n's
 * RoutingNode cost 2–3× the request per item: it walks every property for every item and evaluates an
 * expression once per property of its name; the nodes now run their routing themselves, over the shown
 * properties only — router.ts, BENCHMARKS.md.) Operation files still declare their own fields (one small
 * file per operation); this pass folds the copies that are alike into one property shown for all their operations.
 */

/**
 * Folds properties that are equal apart from their display options into one property shown for all of
 * them, where that changes nothing in the editor: every operation shows the same fields, alike and in
 * the same order. A copy is folded only when its display options are "this resource and this operation"
 * (plus the same further conditions), and a fold spans several resources only when no operation of
 * those resources would show a field it did not show before. The result is ordered so that every
 * operation's fields keep their order (a fold that would make two operations disagree is not made).
 */
export function foldAlikeFields(properties: INodeProperties[]): INodeProperties[] {
	const plan = BUILT_PLANS[fingerprintOf(properties)];
	if (plan) return applyFold(properties, plan);
	unplannedFolds.count++;
	return applyFold(properties, planFold(properties));
}

/** How many folds this process worked out for want of a plan: the build checks that the built nodes need none. */
export const unplannedFolds = { count: 0 };

/*
 * Why plans: working out a fold is most of a node's load time (BENCHMARKS.md, Footprint), and its result
 * is the same on every load. So `npm run build` works out each node's fold once (scripts/bundle.mjs runs
 * planFold over every node's unfolded properties) and writes the plans into the built code as FOLD_PLANS;
 * at load, a node whose properties have a plan's fingerprint replays it. Run from the TypeScript sources
 * (the unit tests, `npm run dev`) there are no plans and every fold is worked out.
 */
declare const FOLD_PLANS: Record<string, FoldPlan> | undefined;
/** The plans the build wrote, by fingerprint (none when run from the sources). */
export const BUILT_PLANS: Readonly<Record<string, FoldPlan>> = typeof FOLD_PLANS === 'undefined' ? {} : FOLD_PLANS;

/**
 * A fold, by the indexes of the properties it was worked out from: per property of the result, in order,
 * either the index of a property kept as it is, or a fold: the indexes of its copies (the first one is
 * the property kept), and for a collection its entries, each as [the index of the copy it comes from, its
 * position among that copy's entries, the indexes of the copies that show it…].
 */
export type FoldPlan = Array<number | [number[]] | [number[], number[][]]>;

/**
 * What a plan must have been worked out from: each property's name, type, display name, description,
 * default (when not an object), whether it is required, where it shows and how many entries it has,
 * hashed. Not a full comparison: the build's plan fits the node because both are made by the same code,
 * which builds descriptions from nothing that changes between runs (test/package/foldPlans.test.ts). It
 * runs at every load, mostly in V8's interpreter: so the texts are hashed by Node's crypto, not in a loop.
 */
export function fingerprintOf(properties: INodeProperties[]): string {
	const rows = properties.map((property) => {
		const show = property.displayOptions?.show;
		const { name, type, displayName, description, required, default: value } = property;
		const entries = (property.options as unknown[] | undefined)?.length;
		const conditions = Object.keys(property.displayOptions ?? {}).length + Object.keys(show ?? {}).length;
		return [name, type, displayName, description, required, typeof value === 'object' ? null : value, show?.resource, show?.operation, conditions, entries];
	});
	return `${properties.length}:${createHash('sha1').update(JSON.stringify(rows)).digest('base64')}`;
}

/** Works out the fold of `properties` (see foldAlikeFields). */
export function planFold(properties: INodeProperties[]): FoldPlan {
	const operationsOf = new Map<string, Set<string>>();
	const operationField = new Map<string, number>();
	properties.forEach((property, index) => {
		const resource = property.displayOptions?.show?.resource;
		if (property.name !== 'operation' || resource?.length !== 1) return;
		operationsOf.set(String(resource[0]), new Set((property.options as INodePropertyOptions[]).map((o) => String(o.value))));
		operationField.set(String(resource[0]), index);
	});

	// Foldable copies, grouped by everything but their resource and operation; each operation's fields,
	// after its Operation dropdown, in order: the orders the result must keep.
	const groups = new Map<string, Member[][]>(); // at a glance → lists of copies alike in full
	const sequences = new Map<string, number[]>();
	// Only fields alike at a glance are compared in full (comparing is most of this pass's time).
	const glance = properties.map(glanceOf);
	const copies = new Map<string, number>();
	for (const key of glance) copies.set(key, (copies.get(key) ?? 0) + 1);
	properties.forEach((property, index) => {
		const place = placeOfProperty(property);
		if (!place || !operationsOf.get(place.resource)?.has(place.operation)) return;
		const key = `${place.resource}\0${place.operation}`;
		const sequence = sequences.get(key) ?? sequences.set(key, [operationField.get(place.resource)!]).get(key)!;
		sequence.push(index);
		if (copies.get(glance[index])! < 2) return;
		const alike = groups.get(glance[index]) ?? groups.set(glance[index], []).get(glance[index])!;
		const copiesOf = alike.find((members) => sameShape(properties[members[0].index], property));
		if (copiesOf) copiesOf.push({ index, ...place });
		else alike.push([{ index, ...place }]);
	});
	const order = new Order(properties.length, [...sequences.values()]);

	const folds: Fold[] = [];
	for (const group of [...groups.values()].flat()) {
		const open: Fold[] = [];
		for (const member of group) {
			const entries = properties[member.index].type === 'collection' ? (properties[member.index].options as INodeProperties[]) : undefined;
			const fold = open.find(
				(candidate) =>
					candidate.admits(member, operationsOf) &&
					(!entries || candidate.entries!.admits(entries, member)) &&
					order.join(candidate.members[0].index, member.index),
			);
			if (fold) fold.add(member, entries);
			else open.push(new Fold(member, entries));
		}
		folds.push(...open.filter((fold) => fold.members.length > 1));
	}

	const folded = new Map(folds.map((fold) => [fold.members[0].index, fold]));
	return order.sorted().map((index) => {
		const fold = folded.get(index);
		if (!fold) return index;
		const members = fold.members.map((member) => member.index);
		return fold.entries ? [members, fold.entries.plan()] : [members];
	});
}

/**
 * The folded properties a plan describes: each fold shown for its copies' resources and operations, a
 * folded collection's entries each shown where its copies showed it (all copies: no condition).
 */
function applyFold(properties: INodeProperties[], plan: FoldPlan): INodeProperties[] {
	// A plan's copies are all "this resource and this operation" (placeOfProperty). The copies of `indexes`
	// from `start` on; lists are short, so no Set.
	const placesOf = (indexes: number[], start = 0) => {
		const resources: string[] = [];
		const operations: string[] = [];
		for (let i = start; i < indexes.length; i++) {
			const show = properties[indexes[i]].displayOptions!.show!;
			const resource = String(show.resource![0]); // no destructured pair: this runs at every load, interpreted
			const operation = String(show.operation![0]);
			if (!resources.includes(resource)) resources.push(resource);
			if (!operations.includes(operation)) operations.push(operation);
		}
		return [resources, operations];
	};
	return plan.map((step) => {
		if (typeof step === 'number') return properties[step];
		const [members, entries] = step;
		const property = properties[members[0]];
		const [resource, operation] = placesOf(members);
		const show = { ...property.displayOptions!.show, resource, operation };
		const options = entries?.map((planned) => {
			// [the copy it comes from, its position there, the copies that show it…]
			const entry = (properties[planned[0]].options as INodeProperties[])[planned[1]];
			if (planned.length - 2 === members.length) return entry;
			const [resources, operations] = placesOf(planned, 2);
			const entryShow = { ...entry.displayOptions?.show, '/resource': resources, '/operation': operations };
			return { ...entry, displayOptions: { ...entry.displayOptions, show: entryShow } };
		});
		return { ...property, ...(options && { options }), displayOptions: { ...property.displayOptions, show } };
	});
}

interface Member {
	index: number;
	resource: string;
	operation: string;
}

/**
 * "a comes before b" between properties, from the operations' field orders, with folded properties
 * joined into one: a join is refused when one already has to come before the other.
 */
class Order {
	private readonly leader: number[];
	private readonly next: Array<Set<number>>;
	private readonly seen: Uint32Array; // visit marks, one round of marks per search
	private round = 0;

	constructor(size: number, sequences: number[][]) {
		this.leader = Array.from({ length: size }, (_, index) => index);
		this.next = Array.from({ length: size }, () => new Set<number>());
		this.seen = new Uint32Array(size);
		for (const sequence of sequences) {
			for (let i = 1; i < sequence.length; i++) this.next[sequence[i - 1]].add(sequence[i]);
		}
	}

	private find(index: number): number {
		let leader = index;
		while (this.leader[leader] !== leader) leader = this.leader[leader];
		this.leader[index] = leader;
		return leader;
	}

	private reaches(from: number, to: number): boolean {
		const round = ++this.round;
		this.seen[from] = round;
		const stack = [from];
		while (stack.length) {
			for (const target of this.next[stack.pop()!]) {
				const leader = this.find(target);
				if (leader === to) return true;
				if (this.seen[leader] !== round) {
					this.seen[leader] = round;
					stack.push(leader);
				}
			}
		}
		return false;
	}

	/** Joins b into a's property, unless the orders put one before the other. */
	join(a: number, b: number): boolean {
		const [first, other] = [this.find(a), this.find(b)];
		if (this.reaches(first, other) || this.reaches(other, first)) return false;
		this.leader[other] = first;
		for (const target of this.next[other]) this.next[first].add(target);
		return true;
	}

	/** The joined properties (by their first index) in an order every sequence keeps, else as they came. */
	sorted(): number[] {
		const leaders = this.leader.map((_, index) => index).filter((index) => this.leader[index] === index);
		const before = new Map(leaders.map((index) => [index, 0]));
		const after = new Map(leaders.map((index) => [index, new Set<number>()]));
		for (const index of leaders) {
			for (const target of this.next[index]) {
				const leader = this.find(target);
				if (leader !== index && !after.get(index)!.has(leader)) {
					after.get(index)!.add(leader);
					before.set(leader, before.get(leader)! + 1);
				}
			}
		}
		const ready = leaders.filter((index) => before.get(index) === 0);
		const result: number[] = [];
		while (ready.length) {
			const index = Math.min(...ready);
			ready.splice(ready.indexOf(index), 1);
			result.push(index);
			for (const leader of after.get(index)!) {
				before.set(leader, before.get(leader)! - 1);
				if (before.get(leader) === 0) ready.push(leader);
			}
		}
		return result;
	}
}

/** "This resource and this operation", or nothing when the display options say more than that. */
function placeOfProperty(property: INodeProperties): { resource: string; operation: string } | undefined {
	const { show, hide, ...others } = property.displayOptions ?? {};
	if (hide || Object.keys(others).length || !show) return undefined;
	const { resource, operation } = show;
	if (resource?.length !== 1 || operation?.length !== 1) return undefined;
	return { resource: String(resource[0]), operation: String(operation[0]) };
}

function glanceOf(property: INodeProperties): string {
	// A collection's entries may differ between the copies (Entries below): they are not part of its look.
	const entries = property.type === 'collection' ? '' : ((property.options as Array<{ name: string }> | undefined)?.map((option) => option.name).join() ?? '');
	return [property.name, property.type, property.displayName, property.description, entries].join('\0');
}

/**
 * Whether two fields are equal apart from their resource and operation. Functions are compared by
 * identity: the factories of shared fields hand out one function per purpose and arguments (preSendFactory). Copies made by one
 * helper share most of their parts, which makes most comparisons short.
 */
function sameShape(a: INodeProperties, b: INodeProperties): boolean {
	const keys = Object.keys(a) as Array<keyof INodeProperties>;
	if (keys.length !== Object.keys(b).length) return false;
	const entriesMayDiffer = a.type === 'collection';
	return keys.every((key) =>
		key === 'displayOptions' ? sameConditions(a, b) : key in b && ((key === 'options' && entriesMayDiffer) || equal(a[key], b[key])),
	);
}

function sameConditions(a: INodeProperties, b: INodeProperties): boolean {
	const conditions = ({ show, ...others }: NonNullable<INodeProperties['displayOptions']> = {}) => {
		const rest = { ...show };
		delete rest.resource;
		delete rest.operation;
		return { ...others, show: rest };
	};
	return equal(conditions(a.displayOptions), conditions(b.displayOptions));
}

function equal(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every((key) => key in b && equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Copies folded into one property: shown for its resources × its operations, exactly their places. */
class Fold {
	readonly members: Member[] = [];
	readonly resources = new Set<string>();
	readonly operations = new Set<string>();
	private readonly places = new Set<string>();
	/** A collection's entries, for a fold of collections. */
	readonly entries?: Entries;

	constructor(first: Member, entries?: INodeProperties[]) {
		if (entries) this.entries = new Entries();
		this.add(first, entries);
	}

	add(member: Member, entries?: INodeProperties[]): void {
		this.entries?.add(entries!, member);
		this.members.push(member);
		this.resources.add(member.resource);
		this.operations.add(member.operation);
		this.places.add(`${member.resource}\0${member.operation}`);
	}

	/**
	 * Whether the fold with this copy still shows the field exactly where its copies were shown: no other
	 * operation of its resources is among its operations. Only the pairs the copy adds need a look.
	 */
	admits(member: Member, operationsOf: Map<string, Set<string>>): boolean {
		const { resource, operation } = member;
		const place = `${resource}\0${operation}`;
		if (this.places.has(place)) return false; // two alike fields of one operation stay two
		const shown = (r: string, o: string) => (r === resource && o === operation) || this.places.has(`${r}\0${o}`);
		const resources = [...this.resources, resource];
		const operations = [...this.operations, operation];
		return (
			operations.every((o) => !operationsOf.get(resource)!.has(o) || shown(resource, o)) &&
			resources.every((r) => !operationsOf.get(r)!.has(operation) || shown(r, operation))
		);
	}
}

/*
 * Collections (Options, Update Fields, Filters) mostly differ from one operation to the next, and the
 * chat node has 45 Options: an expression inside Options (On Behalf Of from the item) was evaluated 90
 * times for every item. Copies that look alike apart from their entries fold like other fields; the
 * folded collection holds every copy's entries, each entry shown only for its own resource and
 * operations (`/resource` and `/operation` conditions, which n8n's editor, its parameter resolution and
 * RoutingNode all apply to a collection's entries). Every operation still offers the same entries in the
 * same order. One difference shows in the editor: a collection of one entry used to be a single "Add
 * Option" button and is now a list of one.
 */
interface Entry {
	entry: INodeProperties;
	places: Member[];
	/** The copy it comes from, and its position among that copy's entries. */
	from: [number, number];
}

class Entries {
	private list: Entry[] = [];

	add(entries: INodeProperties[], member: Member): void {
		this.list = this.joined(entries, member)!;
	}

	admits(entries: INodeProperties[], member: Member): boolean {
		return this.joined(entries, member) !== undefined;
	}

	/**
	 * The entries with `added` (the entries of `member`'s copy) joined in, or undefined when they cannot
	 * be: an entry equal to one of the same resource is that entry; one of a name already taken must have
	 * the same type and default (n8n's editor adds the first entry of a name); the copy's order is kept.
	 */
	private joined(added: INodeProperties[], member: Member): Entry[] | undefined {
		const list = this.list.map(({ entry, places, from }) => ({ entry, places: [...places], from }));
		let at = -1; // where the previous entry of the copy stands
		for (const [position, entry] of added.entries()) {
			const show = entry.displayOptions?.show;
			if (show && ('/resource' in show || '/operation' in show)) return undefined;
			const named = list.filter((known) => known.entry.name === entry.name);
			if (named.some((known) => known.entry.type !== entry.type || !equal(known.entry.default, entry.default))) return undefined;
			const same = list.findIndex(
				(known) => known.places[0].resource === member.resource && known.entry.name === entry.name && equal(known.entry, entry),
			);
			if (same >= 0 && same < at) return undefined;
			if (same >= 0) list[same].places.push(member);
			else list.splice(same >= 0 ? same : at + 1, 0, { entry, places: [member], from: [member.index, position] });
			at = same >= 0 ? same : at + 1;
		}
		return list;
	}

	/** The folded collection's entries, for its plan: where each comes from, and the copies that show it. */
	plan(): number[][] {
		return this.list.map(({ places, from }) => [...from, ...places.map((place) => place.index)]);
	}
}

type Argument = string | number | boolean | undefined | readonly string[];

/**
 * Makes a named factory of pre-sends that hands out ONE function per argument list: fields made with
 * the same arguments carry the same function, so they stay alike and foldAlikeFields folds them
 * (functions are compared by identity). Declare each factory once, at module level, named after what
 * its pre-send does:
 *
 *     export const checkId = preSendFactory(function checkId(parameter: string, field: string) { ... });
 *
 * The arguments are the key (as JSON, trailing undefined ones left out: an optional argument not given
 * is the same call), and every factory has its own: no key is written by hand, a factory cannot hand out
 * another's function, and a field cannot get a pre-send that skipped the factory.
 */
export function preSendFactory<A extends Argument[]>(make: (...args: A) => PreSendAction): (...args: A) => PreSendAction {
	const made = new Map<string, PreSendAction>();
	const factory = (...args: A): PreSendAction => {
		let given = args.length;
		while (given > 0 && args[given - 1] === undefined) given--;
		const key = JSON.stringify(args.slice(0, given));
		let preSend = made.get(key);
		if (!preSend) made.set(key, (preSend = make(...args)));
		return preSend;
	};
	Object.defineProperty(factory, 'name', { value: make.name });
	return factory;
}
