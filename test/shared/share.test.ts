import type { IHttpRequestOptions, INodeProperties, PreSendAction } from 'n8n-workflow';
import { resources as managementResources } from '../../nodes/CometChatManagement/resources';
import { resources } from '../../nodes/CometChat/resources';
import { foldAlikeFields, preSendFactory } from '../../nodes/shared/fold';
import { entriesFor } from '../helpers';

// foldAlikeFields folds alike fields of several operations into one property (why: BENCHMARKS.md,
// "Throughput"). What each operation shows in the editor must not change at all.

const functionIds = new Map<unknown, number>();
/** A field as it is, or as one operation shows it: its other display conditions, a collection's entries for that operation. */
const shape = (property: INodeProperties, resource?: string, operation?: string) => {
	const conditions = Object.fromEntries(
		Object.entries(property.displayOptions?.show ?? {}).filter(([key]) => key !== 'resource' && key !== 'operation'),
	);
	const entries = property.type === 'collection' && resource && operation ? { options: entriesFor(property, resource, operation) } : {};
	return JSON.stringify({ ...property, ...entries, displayOptions: { ...property.displayOptions, show: conditions } }, (_key, value: unknown) =>
		typeof value === 'function' ? `function #${functionIds.get(value) ?? functionIds.set(value, functionIds.size).get(value)}` : value,
	);
};

/** Per resource and operation: the fields it shows, in order, as they are (display conditions included). */
function shown(properties: INodeProperties[]): Record<string, string[]> {
	const places: Record<string, string[]> = {};
	for (const operation of properties.filter((p) => p.name === 'operation')) {
		const resource = String(operation.displayOptions!.show!.resource![0]);
		for (const { value } of operation.options as Array<{ value: string }>) {
			places[`${resource}.${value}`] = properties
				.filter((p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions.show.operation?.includes(value))
				.map((p) => shape(p, resource, value));
		}
	}
	return places;
}

const field = (name: string, resource: string, operation: string, description = name): INodeProperties => ({
	displayName: name,
	name,
	type: 'string',
	default: '',
	description,
	displayOptions: { show: { resource: [resource], operation: [operation] } },
});
const operations = (resource: string, ...values: string[]): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	options: values.map((value) => ({ name: value, value })),
	default: values[0],
	displayOptions: { show: { resource: [resource] } },
});

describe('foldAlikeFields', () => {
	it.each([
		['CometChat', resources],
		['CometChat Management', managementResources],
	])('leaves every operation of the %s node showing the same fields, alike and in order', (_node, list) => {
		const unfolded = list.flatMap((resource) => resource.properties);
		const folded = foldAlikeFields(unfolded);
		expect(folded.length).toBeLessThan(unfolded.length);
		expect(shown(folded)).toEqual(shown(unfolded));
	});

	it('keeps the CometChat node to few copies of the names many operations use', () => {
		const folded = foldAlikeFields(resources.flatMap((resource) => resource.properties));
		const copies = (name: string) => folded.filter((p) => p.name === name).length;
		// One copy per distinct meaning; n8n evaluates an expression once per copy for every item.
		expect({
			uid: copies('uid'),
			guid: copies('guid'),
			messageId: copies('messageId'),
			onBehalfOf: copies('onBehalfOf'),
			returnAll: copies('returnAll'),
		}).toEqual({
			// 10 and 4 while Auth Token, Blocked User and Friend each described their user picker in their
			// own words ("The user whose block list it is"), and Moderated Message its message ID: one
			// wording each made them one with the User resource's picker and Message's ID field.
			// 10 since the Bot resource: two more meanings, its bot picker (Get, Update and Delete share
			// one) and Bot → Create's user, whose body its own preSend builds.
			uid: 10,
			guid: 6,
			messageId: 3,
			onBehalfOf: 2,
			// 8 while Message → Get Many and List Threads each made their own cursor walk: two functions
			// alike in all but identity, so two copies. One walk per page-size parameter (pagination.ts)
			// made them one. The next test names any copies kept apart that way.
			returnAll: 7,
		});
		// 45, 17 and 11 while a collection folded only with copies of the same entries: an expression
		// inside Options (On Behalf Of from the item) was evaluated 90 times for every item. Collections
		// now fold whatever their entries, each entry shown for its own operations (Entries in fold.ts).
		expect({ options: copies('options'), updateFields: copies('updateFields'), filters: copies('filters') }).toEqual({
			options: 10,
			updateFields: 9,
			filters: 2,
		});
	});

	it('keeps no two copies apart only because a pre-send was made twice (a count above rises when one is)', () => {
		// Functions fold by identity. A field whose pre-send is made outside its named factory (a new
		// function per operation) stays one copy per operation, and the counts above go up: this names
		// the copies that differ in nothing but such a function.
		// Pre-sends by their names (the factories name them after what they do); other functions as they are.
		const byName = (property: INodeProperties): string => {
			const preSend = property.routing?.send?.preSend;
			const named = preSend ? { ...property, routing: { ...property.routing, send: { ...property.routing!.send, preSend: preSend.map((f) => f.name) } } } : property;
			const options = (property.options as INodeProperties[] | undefined)?.map((o) => (typeof o === 'object' && 'displayName' in o ? JSON.parse(byName(o)) : o));
			return shape({ ...named, ...(options ? { options } : {}) } as INodeProperties);
		};
		for (const list of [resources, managementResources]) {
			const folded = foldAlikeFields(list.flatMap((resource) => resource.properties));
			const apart: string[] = [];
			folded.forEach((a, i) =>
				folded.slice(i + 1).forEach((b) => {
					const [sa, sb] = [a, b].map((p) => ({ ...p, displayOptions: { ...p.displayOptions, show: { ...p.displayOptions?.show, resource: [], operation: [] } } }));
					if (a.name === b.name && byName(sa) === byName(sb) && shape(sa) !== shape(sb)) {
						apart.push(`${a.name}: ${a.displayOptions?.show?.operation} / ${b.displayOptions?.show?.operation}`);
					}
				}),
			);
			expect(apart).toEqual([]);
		}
	});

	it('folds two copies when their pre-send comes from one named factory, and not when it is made twice', () => {
		const setThing = preSendFactory(function setThing(parameter: string) {
			return async function sendThing(this: unknown, requestOptions: IHttpRequestOptions) {
				requestOptions.qs = { ...requestOptions.qs, thing: parameter };
				return requestOptions;
			};
		});
		const withPreSend = (property: INodeProperties, preSend: PreSendAction): INodeProperties => ({ ...property, routing: { send: { preSend: [preSend] } } });
		const made = (preSendOf: () => PreSendAction) => [
			operations('a', 'x', 'y'),
			withPreSend(field('f', 'a', 'x'), preSendOf()),
			withPreSend(field('f', 'a', 'y'), preSendOf()),
		];
		expect(setThing('f')).toBe(setThing('f')); // one function per argument list
		expect(setThing('f')).not.toBe(setThing('g'));
		// An optional argument not given is the same call as one given as undefined.
		const setOptional = preSendFactory(function setOptional(parameter: string, extra?: string) {
			return async function sendOptional(this: unknown, requestOptions: IHttpRequestOptions) {
				requestOptions.qs = { ...requestOptions.qs, [parameter]: extra ?? '' };
				return requestOptions;
			};
		});
		expect(setOptional('f', undefined)).toBe(setOptional('f'));
		expect(setOptional('f', 'x')).not.toBe(setOptional('f'));
		expect(foldAlikeFields(made(() => setThing('f'))).filter((p) => p.name === 'f')).toHaveLength(1);
		// The same code made twice is two functions: two copies, each evaluated for every item.
		const inline = () => async function sendThing(requestOptions: IHttpRequestOptions) { return requestOptions; };
		expect(foldAlikeFields(made(inline)).filter((p) => p.name === 'f')).toHaveLength(2);
	});

	it('folds across resources only where no other operation would show the field', () => {
		const properties = [
			operations('a', 'x', 'y'),
			field('f', 'a', 'x'),
			operations('b', 'x', 'y'),
			field('f', 'b', 'y'), // a.y and b.x have no f: {a, b} × {x, y} would show it there
			operations('c', 'x', 'z'),
			field('f', 'c', 'x'), // {a, c} × {x} is exact
		];
		const folded = foldAlikeFields(properties).filter((p) => p.name === 'f');
		expect(folded.map((p) => p.displayOptions!.show)).toEqual(
			expect.arrayContaining([
				{ resource: ['a', 'c'], operation: ['x'] },
				{ resource: ['b'], operation: ['y'] },
			]),
		);
		expect(folded).toHaveLength(2);
	});

	it('folds only fields alike apart from where they show, and never two of one operation', () => {
		const properties = [
			operations('a', 'x', 'y'),
			field('f', 'a', 'x', 'one'),
			field('f', 'a', 'y', 'other'),
			field('g', 'a', 'x'),
			{ ...field('g', 'a', 'x'), displayOptions: { show: { resource: ['a'], operation: ['x'], g2: [true] } } },
		];
		expect(foldAlikeFields(properties)).toHaveLength(properties.length);
	});

	it('does not fold fields that two operations show in opposite orders', () => {
		const properties = [
			operations('a', 'x', 'y'),
			field('p', 'a', 'x'),
			field('q', 'a', 'x'),
			field('q', 'a', 'y'),
			field('p', 'a', 'y'),
		];
		const folded = foldAlikeFields(properties);
		expect(folded.map((p) => `${p.name} ${p.displayOptions!.show!.operation?.join() ?? ''}`)).toEqual([
			'operation ',
			'q y',
			'p x,y',
			'q x',
		]);
		expect(shown(folded)).toEqual(shown(properties));
	});

	it('folds collections with different entries into one, each entry shown for its own operations', () => {
		const entry = (name: string, description = name, type: 'string' | 'boolean' = 'string'): INodeProperties => ({
			displayName: name,
			name,
			type,
			default: type === 'string' ? '' : false,
			description,
		});
		const options = (resource: string, operation: string, entries: INodeProperties[]): INodeProperties => ({
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: entries,
			displayOptions: { show: { resource: [resource], operation: [operation] } },
		});
		const properties = [
			operations('a', 'x', 'y', 'z'),
			options('a', 'x', [entry('shared'), entry('onlyX')]),
			options('a', 'y', [entry('onlyY'), entry('shared')]), // another order: shared after onlyY
			options('a', 'z', [entry('shared', 'in other words')]), // same name, other wording: its own entry
		];
		const folded = foldAlikeFields(properties);
		expect(folded.filter((p) => p.name === 'options')).toHaveLength(1);
		expect(shown(folded)).toEqual(shown(properties));
		const [collection] = folded.filter((p) => p.name === 'options');
		expect((collection.options as INodeProperties[]).map((o) => [o.name, o.displayOptions?.show?.['/operation']])).toEqual([
			['shared', ['z']],
			['onlyY', ['y']],
			['shared', ['x', 'y']],
			['onlyX', ['x']],
		]);
		// n8n's editor adds the first entry of a name with its default: entries of one name and another type stay apart.
		const clash = [operations('a', 'x', 'y'), options('a', 'x', [entry('e'), entry('f')]), options('a', 'y', [entry('e', 'e', 'boolean')])];
		expect(foldAlikeFields(clash).filter((p) => p.name === 'options')).toHaveLength(2);
	});

	it('moves a field where every operation keeps its order', () => {
		const properties = [
			operations('a', 'x', 'y'),
			field('p', 'a', 'x'),
			field('own', 'a', 'y'),
			field('p', 'a', 'y'),
		];
		expect(shown(foldAlikeFields(properties))).toEqual(shown(properties));
		expect(foldAlikeFields(properties)).toHaveLength(3);
	});
});
