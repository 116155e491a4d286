import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { aiRecordLocator, pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { compareNames } from '../../../shared/sort';
import { AGENT_BUILDER, theRecord, updateBodyOf, withoutToolSecrets } from '../shared';
import { UPDATE_FIELDS } from './fields';

// PATCH /ai-agents/agent-builder/api-tools/{slug}  body UpdateApiToolDto (no name)  →  <API tool>
export const update = defineOperation(
	'apiTool',
	{
		name: 'Update',
		value: 'update',
		action: 'Update an API tool',
		description: 'Change an API tool\'s call, description or parameters (its name cannot change)',
		routing: {
			request: { method: 'PATCH', url: `=${AGENT_BUILDER}/api-tools/${pathId('apiTool')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [theRecord, withoutToolSecrets] },
		},
	},
	[
		aiRecordLocator('apiTool', 'API Tool', 'The API tool to change'),
		updateFieldsCollection(UPDATE_FIELDS.map(({ property }) => property).sort((a, b) => compareNames(a.displayName, b.displayName))),
	],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { ...(requestOptions.body as object), ...updateBodyOf(this, UPDATE_FIELDS) };
	return requestOptions;
}
