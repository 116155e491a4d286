import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/*
 * Why fields are shared: for every item, n8n's RoutingNode walks every property of the description
 * (twice) and evaluates an expression parameter once per property *of that name*, shown or not
 * (BENCHMARKS.md, "Throughput"). With one property per operation, `uid` from an expression cost 80
 * evaluations per item. Operation files still declare their own fields (one small file per operation);
 * this pass folds the copies that are alike into one property shown for all their operations.
 */

/**
 * Folds properties that are equal apart from their display options into one property shown for all of
 * them, where that changes nothing in the editor: every operation shows the same fields, alike and in
 * the same order. A copy is folded only when its display options are "this resource and this operation"
 * (plus the same further conditions), and a fold spans several resources only when no operation of
 * those resources would show a field it did not show before. The result is ordered so that every
 * operation's fields keep their order (a fold that would make two operations disagree is not made).
 */
export function shareFields(properties: INodeProperties[]): INodeProperties[] {
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
	const groups = new Map<string, Member[]>();
	const sequences = new Map<string, number[]>();
	// Only fields alike at a glance are compared in full (comparing is most of this pass's time at load).
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
		const shape = shapeOf(property);
		(groups.get(shape) ?? groups.set(shape, []).get(shape)!).push({ index, ...place });
	});
	const order = new Order(properties.length, [...sequences.values()]);

	const folds: Member[][] = [];
	for (const group of groups.values()) {
		const open: Member[][] = [];
		for (const member of group) {
			const fold = open.find((members) => exact([...members, member], operationsOf) && order.join(members[0].index, member.index));
			if (fold) fold.push(member);
			else open.push([member]);
		}
		folds.push(...open.filter((members) => members.length > 1));
	}

	const folded = new Map<number, Member[]>(folds.map((members) => [members[0].index, members]));
	return order.sorted().map((index) => {
		const property = properties[index];
		const members = folded.get(index);
		if (!members) return property;
		const show = {
			...property.displayOptions!.show,
			resource: unique(members.map((m) => m.resource)),
			operation: unique(members.map((m) => m.operation)),
		};
		return { ...property, displayOptions: { ...property.displayOptions, show } };
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

	constructor(size: number, sequences: number[][]) {
		this.leader = Array.from({ length: size }, (_, index) => index);
		this.next = Array.from({ length: size }, () => new Set<number>());
		for (const sequence of sequences) sequence.slice(1).forEach((index, i) => this.next[sequence[i]].add(index));
	}

	private find(index: number): number {
		while (this.leader[index] !== index) index = this.leader[index];
		return index;
	}

	private reaches(from: number, to: number): boolean {
		const seen = new Set([from]);
		const stack = [from];
		while (stack.length) {
			for (const target of this.next[stack.pop()!]) {
				const leader = this.find(target);
				if (leader === to) return true;
				if (!seen.has(leader)) seen.add(leader), stack.push(leader);
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
	const entries = (property.options as Array<{ name: string }> | undefined)?.map((option) => option.name).join() ?? '';
	return [property.name, property.type, property.displayName, property.description, entries].join('\0');
}

// Functions are compared by identity: the factories of shared fields hand out one function per purpose.
const functionIds = new WeakMap<object, number>();
let functionCount = 0;
function shapeOf(property: INodeProperties): string {
	const { resource: _resource, operation: _operation, ...conditions } = property.displayOptions!.show!;
	return JSON.stringify([{ ...property, displayOptions: undefined }, conditions], (_key, value: unknown) => {
		if (typeof value !== 'function') return value;
		let id = functionIds.get(value);
		if (id === undefined) functionIds.set(value, (id = ++functionCount));
		return `function #${id}`;
	});
}

/** Whether "these resources × these operations" shows the field exactly where its copies were shown. */
function exact(members: Array<{ resource: string; operation: string }>, operationsOf: Map<string, Set<string>>): boolean {
	const places = new Set(members.map((m) => `${m.resource}\0${m.operation}`));
	if (places.size < members.length) return false; // two alike fields of one operation stay two
	const operations = unique(members.map((m) => m.operation));
	return unique(members.map((m) => m.resource)).every((resource) =>
		operations.every((operation) => !operationsOf.get(resource)!.has(operation) || places.has(`${resource}\0${operation}`)),
	);
}

function unique(values: string[]): string[] {
	return [...new Set(values)];
}

const made = new Map<string, unknown>();
/**
 * The function `make` returns, made once per key: factories of fields hand out one pre-send per purpose
 * and arguments, so that alike fields stay alike and shareFields can fold them.
 */
export function once<T>(key: string, make: () => T): T {
	if (!made.has(key)) made.set(key, make());
	return made.get(key) as T;
}
