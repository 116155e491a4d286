import { agentLocator, filtersCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENTS, checkSegment, recordsOf } from '../shared';
import { readText } from '../../../shared/validate';
import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { toolField } from './attach';

const agentField = agentLocator('uid', 'Agent', 'The agent');

// GET .../agents/available-models  →  [{model, provider, settings, default}...]
export const getModels = defineOperation(
	'agent',
	{
		name: 'Get Models',
		value: 'getModels',
		action: 'Get the models agents can use',
		description: 'List the models an agent can run on, and which one is the default',
		routing: { request: { method: 'GET', url: `${AGENTS}/available-models` }, output: { postReceive: [recordsOf()] } },
	},
);

// GET .../agents/{uid}/enabled-items?tools&frontendActions&apiTools&mcpServers&key  →  {data: {tools, frontendActions, apiTools, mcpServers}}
export const getEnabledItems = defineOperation(
	'agent',
	{
		name: 'Get Enabled Items',
		value: 'getEnabledItems',
		action: 'Get the tools and actions of an agent',
		description: 'Get what an agent may use: its tools with their enabled actions, frontend actions, API tools and MCP servers',
		routing: { request: { method: 'GET', url: `=${AGENTS}/${pathId('uid')}/enabled-items` }, output: { postReceive: [recordsOf('data')] } },
	},
	[
		agentField,
		filtersCollection([
			...(['API Tools:apiTools', 'Frontend Actions:frontendActions', 'MCP Servers:mcpServers', 'Tools:tools'] as const).map((entry) => {
				const [label, name] = entry.split(':');
				return {
					displayName: `Include ${label}`,
					name,
					type: 'boolean' as const,
					default: true,
					description: `Whether to include the agent's ${label.replace('Tools', 'tools').replace('Actions', 'actions').replace('Servers', 'servers')}`,
					routing: { send: { type: 'query' as const, property: name } },
				};
			}),
			{
				displayName: 'Search',
				name: 'key',
				type: 'string',
				default: '',
				placeholder: 'e.g. email',
				description: 'Only items whose name or description contains this text',
				routing: { send: { type: 'query', property: 'key' } },
			},
		]),
	],
);

// GET .../agents/{uid}/tools/search?key  →  {success, results: [...]}
export const searchTools = defineOperation(
	'agent',
	{
		name: 'Search Tools',
		value: 'searchTools',
		action: 'Search tools for an agent',
		description: 'Find tools an agent could use by name, description or slug',
		routing: { request: { method: 'GET', url: `=${AGENTS}/${pathId('uid')}/tools/search` }, output: { postReceive: [recordsOf('results')] } },
	},
	[
		agentField,
		{
			displayName: 'Search',
			name: 'key',
			type: 'string',
			default: '',
			placeholder: 'e.g. mail',
			description: 'Text to look for in the tools\' names, descriptions and slugs (all tools when empty)',
			routing: { send: { preSend: [sendSearchKey] } },
		},
	],
);

// GET .../agents/{uid}/tools/{slug}/actions  →  [{name, displayName, description}...]  (tag "Agent Builder Ready to Use Tools")
export const getToolActions = defineOperation(
	'agent',
	{
		name: 'Get Tool Actions',
		value: 'getToolActions',
		action: 'Get the actions of a tool for an agent',
		description: 'List what a ready-to-use tool (such as Gmail) can do for an agent, to enable with Add Tool Actions',
		routing: {
			request: { method: 'GET', url: `=${AGENTS}/${pathId('uid')}/tools/${pathId('tool')}/actions` },
			send: { preSend: [checkSegment('tool', 'Tool')] },
			output: { postReceive: [recordsOf()] },
		},
	},
	[agentField, toolField],
);

/** `key` only when given: an empty search lists every tool. */
async function sendSearchKey(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const key = readText(this, 'key', 'Search');
	if (key) requestOptions.qs = { ...requestOptions.qs, key };
	return requestOptions;
}
