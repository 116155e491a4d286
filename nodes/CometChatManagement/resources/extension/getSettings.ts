import type { IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { appField } from '../../../shared/management/fields';
import { answerRecord, chosenExtension, extensionField, extensionPath, innerBody } from './fields';

// GET /apps/{appId}/extensions/{id}/v1/settings  →  {data: {statusCode, success, body: {data: {settings}}}}
// GET /apps/{appId}/extensions/widget/v2/settings  →  … body: {data: [{configuration, widgetId}]}  (one item per widget)
// 27 extensions (every one with a settings endpoint).
export const getSettings = defineOperation(
	'extension',
	{
		name: 'Get Settings',
		value: 'getSettings',
		action: 'Get the settings of an extension',
		description: 'Read an extension\'s settings in an app (for the Chat Widget: its widgets)',
		routing: {
			request: { method: 'GET', url: `=${extensionPath}/settings` },
			output: { postReceive: [settingsItems] },
		},
	},
	[
		appField(),
		extensionField('get'),
		// The widget answers a list (several widgets per app); the spec gives it no paging.
		...returnAllOrLimitUnpaged.map((field) => ({
			...field,
			displayOptions: { show: { resource: ['extension'], operation: ['getSettings'], ...field.displayOptions?.show, extension: ['widget'] } },
		})),
	],
);

/** `{extension, ...settings}`; for the widget one `{extension, widgetId, ...configuration}` per widget. */
async function settingsItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = await innerBody(this, response);
	const extension = chosenExtension(this).id;
	if (!Array.isArray(body.data)) return [{ json: { extension, ...answerRecord(body) } }];
	return (body.data as Array<{ configuration?: object; widgetId?: string }>).map((widget) => ({
		json: { extension, widgetId: widget.widgetId, ...(widget.configuration ?? {}) },
	}));
}
