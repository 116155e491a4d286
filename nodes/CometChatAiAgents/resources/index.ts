import type { INodeProperties } from 'n8n-workflow';
import { foldAlikeFields } from '../../shared/fold';
import { agentDescription } from './agent';
import { byoAgentDescription } from './byoAgent';
import { byoToolDescription } from './byoTool';
import { variableDescription } from './variable';
import { apiToolDescription } from './apiTool';
import { frontendActionDescription } from './frontendAction';
import { knowledgeBaseDescription } from './knowledgeBase';
import { mcpServerDescription } from './mcpServer';

/**
 * Every resource of the CometChat AI Agents node: its name in the Resource dropdown, its value, and its
 * operations and fields. Adding a resource = one folder under resources/ and one line here.
 */
export const resources: Array<{ name: string; value: string; properties: INodeProperties[] }> = [
	{ name: 'Agent', value: 'agent', properties: agentDescription },
	{ name: 'API Tool', value: 'apiTool', properties: apiToolDescription },
	{ name: 'BYO Agent', value: 'byoAgent', properties: byoAgentDescription },
	{ name: 'BYO Tool', value: 'byoTool', properties: byoToolDescription },
	{ name: 'Frontend Action', value: 'frontendAction', properties: frontendActionDescription },
	{ name: 'Knowledge Base', value: 'knowledgeBase', properties: knowledgeBaseDescription },
	{ name: 'MCP Server', value: 'mcpServer', properties: mcpServerDescription },
	{ name: 'Variable', value: 'variable', properties: variableDescription },
];

/** Every resource's operations and fields, as the operation files declare them (the build plans their fold from these). */
export const unfoldedProperties = resources.flatMap((resource) => resource.properties);

/** Every resource's operations and fields, with fields that operations show alike folded into one. */
export const resourceProperties = foldAlikeFields(unfoldedProperties);
