/**
 * Every workflow in examples/ fits the built nodes it uses: each node of this package names a resource
 * and operation the node has, every parameter it sets is one the editor shows for them (an entry of a
 * collection too), every fixed option it picks exists, and n8n finds no issue on the node (a required
 * field left empty) — what the editor would flag after an import. The e2e suite runs them in real n8n.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INode, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { aiAgentsNodeType, campaignsNode, managementNodeType, nodeType, ROOT } from '../harness';
import { waitType } from '../harness/sendAndWait';
import { triggerType } from '../harness/trigger';
import { entriesFor } from '../helpers';

const TYPES: Record<string, INodeType> = {
	cometChat: nodeType,
	cometChatAiAgents: aiAgentsNodeType,
	cometChatCampaigns: campaignsNode.nodeType,
	cometChatManagement: managementNodeType,
	cometChatSendAndWait: waitType,
	cometChatTrigger: triggerType,
};
// The AI tool variant n8n makes of a usableAsTool node: the node's parameters plus its tool description.
const TOOL_PARAMETERS = ['descriptionType', 'toolDescription'];

type ExampleNode = INode;

const examples = readdirSync(join(ROOT, 'examples'))
	.filter((file) => file.endsWith('.json'))
	.sort()
	.map((file) => ({ file, nodes: (JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8')) as { nodes: ExampleNode[] }).nodes }));

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');
const names = (options: INodeProperties['options']) => (options ?? []).map((o) => ('value' in o ? (o as INodePropertyOptions).value : o.name));

/** What is wrong with one node of an example, as sentences (none: it fits). */
function problemsOf(node: ExampleNode): string[] {
	const [, short] = node.type.split('.');
	const tool = short.endsWith('Tool') && !(short in TYPES);
	const type = TYPES[tool ? short.slice(0, -'Tool'.length) : short];
	if (!type) return [`${node.type} is not a node of this package`];
	const description = type.description;
	const problems: string[] = [];
	const { resource, operation } = node.parameters as { resource?: string; operation?: string };
	const resources = description.properties.find((p) => p.name === 'resource');
	if (resources && !names(resources.options).includes(resource ?? String(resources.default))) problems.push(`resource ${resource} does not exist`);
	// Only the parameters the editor shows for the node's values are kept (as after an import).
	const shown = NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? {};
	for (const [name, value] of Object.entries(node.parameters)) {
		if (tool && TOOL_PARAMETERS.includes(name)) continue;
		if (!(name in shown)) {
			problems.push(`parameter ${name} is not shown for ${resource ?? '-'} → ${operation ?? '-'}`);
			continue;
		}
		const named = description.properties.filter((p) => p.name === name);
		const property = named.find((p) => NodeHelpers.displayParameter(node.parameters, p, node, description)) ?? named[0];
		if ((property.type === 'options' || property.type === 'multiOptions') && !isExpression(value)) {
			for (const picked of [value].flat()) if (!names(property.options).includes(picked as string)) problems.push(`${name} has no option ${String(picked)}`);
		}
		if (property.type === 'collection' && value && typeof value === 'object') {
			const entries = resource && operation ? entriesFor(property, resource, operation) : (property.options as INodeProperties[]);
			for (const key of Object.keys(value)) if (!entries.some((entry) => entry.name === key)) problems.push(`${name} has no entry ${key}`);
		}
	}
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
	if (issues) problems.push(`n8n reports ${JSON.stringify(issues.parameters ?? issues)}`);
	return problems;
}

describe('example workflows', () => {
	it('there are examples using each of the package’s action nodes', () => {
		const used = new Set(examples.flatMap(({ nodes }) => nodes.map((n) => n.type)));
		for (const short of ['cometChat', 'cometChatAiAgents', 'cometChatCampaigns', 'cometChatManagement', 'cometChatSendAndWait', 'cometChatTrigger']) {
			expect([short, used.has(`n8n-nodes-cometchat.${short}`)]).toEqual([short, true]);
		}
	});

	describe.each(examples)('$file', ({ nodes }) => {
		const ours = nodes.filter((node) => node.type.startsWith('n8n-nodes-cometchat.'));
		it.each(ours.map((node) => [node.name, node] as const))('%s fits the node it uses', (_, node) => {
			expect(problemsOf(node)).toEqual([]);
		});
	});

	it('finds what an example got wrong (a parameter, an entry, an option, a required field)', () => {
		const node: ExampleNode = {
			id: 'x',
			name: 'Create agent',
			type: 'n8n-nodes-cometchat.cometChatAiAgents',
			typeVersion: 1,
			position: [0, 0],
			parameters: { resource: 'agent', operation: 'create', name: '', prompt: 'x', options: { instructions: 'x' } },
		};
		expect(problemsOf(node)).toEqual([
			'parameter prompt is not shown for agent → create',
			'options has no entry instructions',
			expect.stringMatching(/^n8n reports \{"name":\["Parameter \\"Name\\" is required\."\]\}$/),
		]);
		expect(problemsOf({ ...node, parameters: { resource: 'agents', operation: 'create' } })[0]).toBe('resource agents does not exist');
		const send = { ...node, type: 'n8n-nodes-cometchat.cometChat', parameters: { resource: 'message', operation: 'send', receiverType: 'usr', receiver: 'u', text: 'hi' } };
		expect(problemsOf(send)).toContain('receiverType has no option usr');
	});
});
