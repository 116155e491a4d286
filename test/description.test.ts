import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { nodeType } from './harness';

const properties = nodeType.description.properties;
const optionsOf = (p: INodeProperties) => (p.options ?? []) as INodePropertyOptions[];

describe('node description', () => {
	it('keeps the resource/operation values and parameter names saved workflows depend on', () => {
		const contract: Record<string, Record<string, string[]>> = {
			blockedUser: { block: ['uid', 'blockedUids'] },
			bannedUser: { unban: ['guid', 'uid', 'options'] },
			authToken: { create: ['uid', 'options'] },
			message: { send: ['receiverType', 'receiver', 'text', 'options'] },
			user: { getAll: ['returnAll', 'limit', 'filters'] },
		};
		const resource = properties.find((p) => p.name === 'resource')!;
		expect(optionsOf(resource).map((o) => o.value).sort()).toEqual(Object.keys(contract).sort());
		for (const [resourceValue, operations] of Object.entries(contract)) {
			const operation = properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resourceValue))!;
			expect(optionsOf(operation).map((o) => o.value)).toEqual(expect.arrayContaining(Object.keys(operations)));
			for (const [operationValue, names] of Object.entries(operations)) {
				const shown = properties
					.filter((p) => p.displayOptions?.show?.resource?.includes(resourceValue) && p.displayOptions?.show?.operation?.includes(operationValue))
					.map((p) => p.name);
				expect(shown).toEqual(names);
			}
		}
		expect(optionsOf(properties.find((p) => p.name === 'options' && p.displayOptions?.show?.resource?.includes('bannedUser'))!).map((o) => o.name)).toEqual(['onBehalfOf']);
		expect(optionsOf(properties.find((p) => p.name === 'options' && p.displayOptions?.show?.resource?.includes('message'))!).map((o) => o.name).sort()).toEqual(['metadata', 'muid', 'onBehalfOf', 'tags']);
		expect(optionsOf(properties.find((p) => p.name === 'options' && p.displayOptions?.show?.resource?.includes('authToken'))!).map((o) => o.name)).toEqual(['force']);
		expect(optionsOf(properties.find((p) => p.name === 'filters')!).map((o) => o.name).sort()).toEqual(
			['onlyDeactivated', 'role', 'roles', 'searchIn', 'searchKey', 'status', 'tags', 'withDeactivated', 'withTags'],
		);
	});

	it('follows n8n\'s UX rules: actions, sorted options, relative URLs, defaults, Whether-booleans', () => {
		for (const operation of properties.filter((p) => p.name === 'operation')) {
			const options = optionsOf(operation);
			expect(options.map((o) => o.name)).toEqual([...options.map((o) => o.name)].sort());
			for (const option of options) {
				expect(option.action).toMatch(/^[A-Z][a-z]/);
				const url = String(option.routing?.request?.url ?? '');
				expect(url.replace(/^=/, '')).toMatch(/^\//);
			}
		}
		const walk = (list: INodeProperties[]): INodeProperties[] => list.flatMap((p) => [p, ...walk((p.options ?? []).filter((o): o is INodeProperties => 'type' in o))]);
		for (const property of walk(properties)) {
			expect(property).toHaveProperty('default');
			if (property.type === 'boolean') expect(property.description).toMatch(/^Whether /);
		}
		expect(nodeType.description.usableAsTool).toBe(true);
		expect(properties.find((p) => p.name === 'limit')?.displayOptions).toEqual({
			show: { returnAll: [false], resource: ['user'], operation: ['getAll'] },
		});
	});
});
