import { agentLocator, pathId } from '../../../shared/fields';
import { defineOperation, type Operation } from '../../../shared/operations';
import { checkSourceType, sourceTypeField } from '../knowledgeBase/fields';
import { AGENTS, checkSegment, namesField, recordsOf, successWith } from '../shared';

// PATCH .../agents/{uid}/<path>/add|remove  body {<key>: [names]}  →  {success: true, data: <the agent>}: the agent as output.
const LISTS: Array<{ what: string; value: string; path: string; key: string; field?: string; noun: string; placeholder: string; of: string }> = [
	{ what: 'Tools', value: 'Tools', path: 'tools', key: 'tools', noun: 'ready-to-use tools', placeholder: 'e.g. gmail, slack', of: 'Slugs of ready-to-use tools' },
	{ what: 'MCP Servers', value: 'McpServers', path: 'mcp', key: 'mcps', field: 'mcpServers', noun: 'MCP servers', placeholder: 'e.g. filesystem, git', of: 'Slugs of MCP servers' },
	{ what: 'API Tools', value: 'ApiTools', path: 'api-tools', key: 'apiTools', noun: 'API tools', placeholder: 'e.g. get_weather', of: 'Slugs of API tools' },
	{ what: 'Frontend Actions', value: 'FrontendActions', path: 'frontend-actions', key: 'frontendActions', noun: 'frontend actions', placeholder: 'e.g. showNotification', of: 'Names of frontend actions' },
];

const VERBS = [
	{ verb: 'Add', path: 'add', to: 'to' },
	{ verb: 'Remove', path: 'remove', to: 'from' },
] as const;

const agentField = agentLocator('uid', 'Agent', 'The agent');

/** The slug of a ready-to-use tool (Gmail's is gmail). */
export const toolField = {
	displayName: 'Tool',
	name: 'tool',
	type: 'string' as const,
	required: true,
	default: '',
	placeholder: 'e.g. gmail',
	description: 'Slug of the ready-to-use tool',
};


export const attachOperations: Operation[] = VERBS.flatMap(({ verb, path, to }) => [
	...LISTS.map((list) =>
		defineOperation(
			'agent',
			{
				name: `${verb} ${list.what}`,
				value: `${path}${list.value}`,
				action: `${verb} ${list.what.toLowerCase().replace('api', 'API').replace('mcp', 'MCP')} ${to} an agent`,
				description: verb === 'Add' ? `Give an agent ${list.noun} it may use` : `Take ${list.noun} away from an agent`,
				routing: {
					request: { method: 'PATCH', url: `=${AGENTS}/${pathId('uid')}/${list.path}/${path}` },
					output: { postReceive: [recordsOf('data')] },
				},
			},
			[agentField, namesField(list.field ?? list.key, list.what, list.placeholder, `${list.of} (comma-separated)`, list.key)],
		),
	),
	// PATCH .../agents/{uid}/tools/{slug}/actions/add|remove  body {actions: [...]}  →  {success: true}
	defineOperation(
		'agent',
		{
			name: `${verb} Tool Actions`,
			value: `${path}ToolActions`,
			action: `${verb} tool actions ${to} an agent`,
			description: verb === 'Add' ? 'Enable actions of a ready-to-use tool for an agent, such as Gmail\'s Send Email' : 'Disable actions of a ready-to-use tool for an agent',
			routing: {
				request: { method: 'PATCH', url: `=${AGENTS}/${pathId('uid')}/tools/${pathId('tool')}/actions/${path}` },
				send: { preSend: [checkSegment('tool', 'Tool')] },
				output: { postReceive: [successWith(['uid', 'tool'])] },
			},
		},
		[agentField, toolField, namesField('actions', 'Actions', 'e.g. GMAIL_SEND_EMAIL', 'Names of the tool\'s actions (comma-separated; Get Tool Actions lists them)', 'actions')],
	),
	// PATCH .../agents/{uid}/knowledge-base/{sourceType}/add|remove  body {uniqueIds: [...]}  →  {success: true}
	defineOperation(
		'agent',
		{
			name: `${verb} Knowledge`,
			value: `${path}Knowledge`,
			action: `${verb} knowledge ${to} an agent`,
			description:
				verb === 'Add'
					? 'Give an agent uploaded files or text entries of the knowledge base to answer from'
					: 'Take knowledge base sources away from an agent (the sources themselves stay)',
			routing: {
				request: { method: 'PATCH', url: `=${AGENTS}/${pathId('uid')}/knowledge-base/${pathId('sourceType')}/${path}` },
				send: { preSend: [checkSourceType] },
				output: { postReceive: [successWith(['uid', 'sourceType'])] },
			},
		},
		[
			agentField,
			// The knowledge base's own source types (uploads | text | website), as Retry Indexing offers them: the
			// spec gives this path parameter no enum ("uploads, knowledge-base, etc."), and the sources an agent
			// can be given are those the knowledge base lists. The default stays uploads, as it was.
			{ ...sourceTypeField, required: true, default: 'uploads', description: 'Kind of the sources' },
			namesField('uniqueIds', 'Source IDs', 'e.g. 9f1c2a9e-upload-1', 'Unique IDs of the uploaded files or text entries (comma-separated)', 'uniqueIds'),
		],
	),
]);
