import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, pathId } from '../../../shared/fields';
import { REDACTED, SECRET_KEY } from '../../../shared/errors/redaction';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { unwrapData } from '../../../shared/output';
import { readBoolean, readJsonObject, readText } from '../../../shared/validate';

export const channelField = campaignsLocator('channel', 'channelId', 'Channel', 'The channel');
export const channelUrl = `=/channels/${pathId('channelId')}`;

// A channel's metadata holds the provider's credentials (the spec's example: {"apiKey": …, "senderId": …};
// an FCM channel's a service account with its private_key): at every depth, the value of a key that names
// a secret (SECRET_KEY) is hidden whole (an object under `credentials` or `serviceAccount` too), and a text
// holding a JSON object is looked into as well. What the user typed is also kept out of errors (registered below).
function hideIn(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(hideIn);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value as IDataObject).map(([key, entry]) => [key, SECRET_KEY.test(key) ? REDACTED : hideIn(entry)]));
	}
	if (typeof value === 'string' && /^\s*[{[]/.test(value)) {
		try {
			return JSON.stringify(hideIn(JSON.parse(value)));
		} catch {
			return value; // not JSON: an ordinary text
		}
	}
	return value;
}
async function hideSecrets(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => (item.json.metadata === undefined ? item : { ...item, json: { ...item.json, metadata: hideIn(item.json.metadata) as IDataObject } }));
}
registerSecretParameter('options.metadata', 'updateFields.metadata');
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
