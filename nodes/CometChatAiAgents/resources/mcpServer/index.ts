import { describeResource } from '../../../shared/operations';
import { recordOperations } from '../records';
import { type BodyField, slug, text, webUrl } from '../shared';

// /ai-agents/agent-builder/mcp-servers[/{slug}]: POST CreateMcpServerDto {name, slug, url, description?, icon?}
// → 201 <MCP server>; GET (cursor list); GET, PATCH UpdateMcpServerDto (no slug) → <MCP server>; DELETE → {success, message}.
// No secrets to hide: the spec gives MCP servers no credential or header fields, in requests or answers
// (a token a customer puts in the URL is theirs to show).
const field = (name: string, displayName: string, description: string, placeholder: string): BodyField['property'] => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
});
const NAME: BodyField = { property: field('name', 'Name', 'Name of the MCP server', 'e.g. Docs Search'), read: text() };
const ADDRESS: BodyField = { property: field('url', 'URL', 'Address of the MCP server', 'e.g. https://mcp.example.com/sse'), read: webUrl };
const DESCRIPTION: BodyField = { property: field('description', 'Description', 'What the server\'s tools do', 'e.g. Searches the product docs'), read: text() };
const ICON: BodyField = { property: field('icon', 'Icon', 'URL of the server\'s icon', 'e.g. https://example.com/icon.png'), read: webUrl };

export const mcpServerDescription = describeResource(
	'mcpServer',
	recordOperations(
		{ resource: 'mcpServer', path: 'mcp-servers', noun: 'MCP server', article: 'an', label: 'MCP Server' },
		{
			create: 'Connect an MCP (Model Context Protocol) server whose tools Agent Builder agents can use',
			get: 'Get an MCP server by its slug',
			getAll: 'List the app\'s MCP servers',
			update: 'Change an MCP server\'s name, address, description or icon',
			delete: 'Remove an MCP server; agents can no longer use its tools',
		},
		{
			required: [
				NAME,
				{ property: field('slug', 'Slug', 'Unique ID of the server in the app: letters, digits, "-" and "_"', 'e.g. docs-search'), read: slug },
				ADDRESS,
			],
			optional: [DESCRIPTION, ICON],
			update: [NAME, ADDRESS, DESCRIPTION, ICON],
		},
	),
	'getAll',
);
