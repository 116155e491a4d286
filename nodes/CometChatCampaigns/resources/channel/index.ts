import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, filtersCollection, optionsCollection, pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation, describeResource } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readBoolean, readJsonObject, readText } from '../../../shared/validate';
import { cursorList, queryText, sortFields } from '../../fields';
import { CHANNEL_TYPES } from '../template';

const channelField = campaignsLocator('channel', 'channelId', 'Channel', 'The channel');
const ID = `=/channels/${pathId('channelId')}`;

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
const output = { postReceive: [unwrapData, hideSecrets] };

const updatable = (): INodeProperties[] => [
	{ displayName: 'Enabled', name: 'enabled', type: 'boolean', default: false, description: 'Whether notifications may go out on the channel' },
	{ displayName: 'Metadata (JSON)', name: 'metadata', type: 'json', default: '{}', description: 'Settings of the channel\'s provider, a JSON object such as {"apiKey": "…", "senderId": "…"}; keys and secrets in it are not shown in the output' },
];

/** The added fields of `collection` (enabled, metadata, and name on Update), checked, as the body. */
function readChannel(context: IExecuteSingleFunctions, collection: string): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const body: IDataObject = {};
	if (added.name !== undefined) body.name = readText(context, `${collection}.name`, 'Name', { required: true });
	if (added.slug !== undefined) body.channelId = readText(context, `${collection}.slug`, 'Channel ID', { required: true });
	if (added.enabled !== undefined) body.enabled = readBoolean(context, `${collection}.enabled`, 'Enabled');
	if (added.metadata !== undefined) body.metadata = readJsonObject(context, `${collection}.metadata`, 'Metadata (JSON)');
	return body;
}

// POST /channels  body {name, type, channelId?, enabled?, metadata?}
const create = defineOperation(
	'channel',
	{ name: 'Create', value: 'create', action: 'Create a channel', description: 'Create a channel that notifications are delivered on, such as push or in-app', routing: { request: { method: 'POST', url: '/channels' }, send: { preSend: [buildCreate] }, output } },
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. My Push Channel', description: 'Display name of the channel' },
		{ displayName: 'Type', name: 'type', type: 'options', options: CHANNEL_TYPES, default: 'push', description: 'How the channel delivers', routing: { send: { type: 'body', property: 'type' } } },
		optionsCollection([
			...updatable(),
			{ displayName: 'Channel ID', name: 'slug', type: 'string', default: '', placeholder: 'e.g. cc-notification-channel-my-push', description: 'A readable ID for the channel; CometChat makes one from the name when none is given' },
		]),
	],
);
async function buildCreate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { ...(requestOptions.body as IDataObject), name: readText(this, 'name', 'Name', { required: true }), ...readChannel(this, 'options') };
	return requestOptions;
}

const simple = (value: string, name: string, action: string, description: string, url: string, fields: INodeProperties[]) =>
	defineOperation('channel', { name, value, action, description, routing: { request: { method: 'GET', url }, output } }, fields);

// GET /channels/{id} · GET /channels/availability
const get = simple('get', 'Get', 'Get a channel', 'Get a channel and its settings', ID, [channelField]);
const getAvailability = simple('getAvailability', 'Get Availability', 'Get which channel types are available', 'Get which channel types the app can use', '/channels/availability', []);

// GET /channels?limit&cursor&sort&order&search
const getAll = defineOperation(
	'channel',
	{ name: 'Get Many', value: 'getAll', action: 'Get many channels', description: 'List the channels of the app', routing: { request: { method: 'GET', url: '/channels' }, output } },
	[...cursorList(), filtersCollection([...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Channel Type', 'channelType']]), queryText('Search', 'search', 'Only channels whose name or channel ID contains this text', 'e.g. push')])],
);

// PUT /channels/{id}  body {name?, enabled?, metadata?}
const update = defineOperation(
	'channel',
	{ name: 'Update', value: 'update', action: 'Update a channel', description: 'Rename, enable or disable a channel, or change its provider settings', routing: { request: { method: 'PUT', url: ID }, send: { preSend: [buildUpdate] }, output } },
	[channelField, updateFieldsCollection([...updatable(), { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New display name of the channel' }])],
);
async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = readChannel(this, 'updateFields');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}

export const channelDescription = describeResource('channel', [create, get, getAll, getAvailability, update], 'getAll');
