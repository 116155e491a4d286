import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { readText } from '../../../shared/validate';
import { CHANNEL_TYPES } from '../../fields';
import { output, readChannel, updatable } from './fields';

// POST /channels  body {name, type, channelId?, enabled?, metadata?}
export const create = defineOperation(
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
