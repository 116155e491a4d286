import type { INodeProperties } from 'n8n-workflow';
import { foldAlikeFields } from '../../shared/fold';
import { agentDescription } from './agent';
import { byoAgentDescription } from './byoAgent';
import { byoToolDescription } from './byoTool';
import { variableDescription } from './variable';

/**
 * Every resource of the CometChat AI Agents node: its name in the Resource dropdown, its value, and its
 * operations and fields. Adding a resource = one folder under resources/ and one line here.
 */
export const resources: Array<{ name: string; value: string; properties: INodeProperties[] }> = [
	{ name: 'Agent', value: 'agent', properties: agentDescription },
	{ name: 'BYO Agent', value: 'byoAgent', properties: byoAgentDescription },
	{ name: 'BYO Tool', value: 'byoTool', properties: byoToolDescription },
	{ name: 'Variable', value: 'variable', properties: variableDescription },
];

/** Every resource's operations and fields, with fields that operations show alike folded into one. */
export const resourceProperties = foldAlikeFields(resources.flatMap((resource) => resource.properties));
