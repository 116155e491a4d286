import type { IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { appField } from '../../../shared/management/fields';
import { chosenExtension, extensionField, extensionPath, innerBody } from './fields';

// DELETE /apps/{appId}/extensions/{id}/v1/settings  →  {data: {…, body: {data: {success: true}} (or the old settings)}}
// 26 extensions (all with settings but the Chat Widget, which the spec gives no delete).
export const deleteSettings = defineOperation(
	'extension',
	{
		name: 'Delete Settings',
		value: 'deleteSettings',
		action: 'Delete the settings of an extension',
		description: 'Remove an extension\'s settings from an app',
		routing: {
			request: { method: 'DELETE', url: `=${extensionPath}/settings` },
			output: { postReceive: [deleted] },
		},
	},
	[appField(), extensionField('delete')],
);

/** `{extension, deleted: true}` once the extension's answer is a success (what else it holds varies). */
async function deleted(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
	await innerBody(this, response);
	return [{ json: { extension: chosenExtension(this).id, deleted: true } }];
}
