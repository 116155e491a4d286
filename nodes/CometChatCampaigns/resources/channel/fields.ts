import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, pathId } from '../../../shared/fields';
import { unwrapData } from '../../../shared/output';
import { readBoolean, readJsonObject, readText } from '../../../shared/validate';

export const channelField = campaignsLocator('channel', 'channelId', 'Channel', 'The channel');
export const channelUrl = `=/channels/${pathId('channelId')}`;

// A channel's metadata holds the provider's credentials (the spec's example: {"apiKey": …, "senderId": …}):
// their values never reach an output.
const SECRET = /key|secret|token|password|auth/i;
async function hideSecrets(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const metadata = item.json.metadata;
		if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return item;
		const shown = Object.fromEntries(Object.entries(metadata).map(([key, value]) => [key, SECRET.test(key) ? '[redacted]' : value]));
		return { ...item, json: { ...item.json, metadata: shown } };
	});
}
/** The output of every channel operation: the record, its provider secrets hidden. */
export const output = { postReceive: [unwrapData, hideSecrets] };

/** The fields Create's Options and Update's Update Fields share. */
export const updatable = (): INodeProperties[] => [
	{ displayName: 'Enabled', name: 'enabled', type: 'boolean', default: false, description: 'Whether notifications may go out on the channel' },
	{ displayName: 'Metadata (JSON)', name: 'metadata', type: 'json', default: '{}', description: 'Settings of the channel\'s provider, a JSON object such as {"apiKey": "…", "senderId": "…"}; keys and secrets in it are not shown in the output' },
];

/** The added fields of `collection` (enabled, metadata, and name on Update), checked, as the body. */
export function readChannel(context: IExecuteSingleFunctions, collection: string): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const body: IDataObject = {};
	if (added.name !== undefined) body.name = readText(context, `${collection}.name`, 'Name', { required: true });
	if (added.slug !== undefined) body.channelId = readText(context, `${collection}.slug`, 'Channel ID', { required: true });
	if (added.enabled !== undefined) body.enabled = readBoolean(context, `${collection}.enabled`, 'Enabled');
	if (added.metadata !== undefined) body.metadata = readJsonObject(context, `${collection}.metadata`, 'Metadata (JSON)');
	return body;
}
