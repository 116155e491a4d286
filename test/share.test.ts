import type { INodeProperties } from 'n8n-workflow';
import { resources as managementResources } from '../nodes/CometChatManagement/resources';
import { resources } from '../nodes/CometChat/resources';
import { shareFields } from '../nodes/shared/share';

// shareFields folds alike fields of several operations into one property (why: BENCHMARKS.md,
// "Throughput"). What each operation shows in the editor must not change at all.

const functionIds = new Map<unknown, number>();
const shape = (property: INodeProperties) => {
	const conditions = Object.fromEntries(
		Object.entries(property.displayOptions?.show ?? {}).filter(([key]) => key !== 'resource' && key !== 'operation'),
	);
	return JSON.stringify({ ...property, displayOptions: { ...property.displayOptions, show: conditions } }, (_key, value: unknown) =>
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
				.map(shape);
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

describe('shareFields', () => {
	it.each([
		['CometChat', resources],
		['CometChat Management', managementResources],
	])('leaves every operation of the %s node showing the same fields, alike and in order', (_node, list) => {
		const unfolded = list.flatMap((resource) => resource.properties);
		const folded = shareFields(unfolded);
		expect(folded.length).toBeLessThan(unfolded.length);
		expect(shown(folded)).toEqual(shown(unfolded));
	});

	it('keeps the CometChat node to few copies of the names many operations use', () => {
		const folded = shareFields(resources.flatMap((resource) => resource.properties));
		const copies = (name: string) => folded.filter((p) => p.name === name).length;
		// One copy per distinct meaning; n8n evaluates an expression once per copy for every item.
		expect({ uid: copies('uid'), guid: copies('guid'), messageId: copies('messageId'), onBehalfOf: copies('onBehalfOf') }).toEqual({
			uid: 10,
			guid: 6,
			messageId: 4,
			onBehalfOf: 2,
		});
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
		const folded = shareFields(properties).filter((p) => p.name === 'f');
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
		expect(shareFields(properties)).toHaveLength(properties.length);
	});

	it('does not fold fields that two operations show in opposite orders', () => {
		const properties = [
			operations('a', 'x', 'y'),
			field('p', 'a', 'x'),
			field('q', 'a', 'x'),
			field('q', 'a', 'y'),
			field('p', 'a', 'y'),
		];
		const folded = shareFields(properties);
		expect(folded.map((p) => `${p.name} ${p.displayOptions!.show!.operation?.join() ?? ''}`)).toEqual([
			'operation ',
			'q y',
			'p x,y',
			'q x',
		]);
		expect(shown(folded)).toEqual(shown(properties));
	});

	it('moves a field where every operation keeps its order', () => {
		const properties = [
			operations('a', 'x', 'y'),
			field('p', 'a', 'x'),
			field('own', 'a', 'y'),
			field('p', 'a', 'y'),
		];
		expect(shown(shareFields(properties))).toEqual(shown(properties));
		expect(shareFields(properties)).toHaveLength(3);
	});
});
