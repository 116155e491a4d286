import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { preSendFactory } from '../../../shared/fold';
import { onBehalfOfOption, pathId } from '../../../shared/fields';
import { readBoolean } from '../../../shared/validate';
import { recordId } from '../../fields';

// Every feed operation takes onBehalfOf [SPEC]: the feed of that user; without it, the app's (admin) view.
export const actAs = onBehalfOfOption('UID of the user whose feed this is; without it the request is made as the app');
export const feedItemField = recordId('feedItemId', 'Feed Item ID', 'The ID of the feed item, as Notification Feed → Get Many lists it');

/** The URL of the feed item, with `tail` after it (e.g. `/read`). */
export const feedItemUrl = (tail = '') => `=/notification-feed/${pathId('feedItemId')}${tail}`;

// Sent only when on, as the text "true" (the spec's type for it is a string).
const sendTemplateOnly = preSendFactory(function sendTemplateOnly(path: string) {
	return async function sendWhenOn(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (readBoolean(this, path, 'Template Only')) requestOptions.qs = { ...requestOptions.qs, templateOnly: 'true' };
		return requestOptions;
	};
});
/** Template Only, an entry of the collection `collection` (Get's Options, Get Many's Filters). */
export const templateOnly = (collection: string): INodeProperties => ({
	displayName: 'Template Only',
	name: 'templateOnly',
	type: 'boolean',
	default: false,
	description: 'Whether to return the template and its variables instead of the content CometChat renders',
	routing: { send: { preSend: [sendTemplateOnly(`${collection}.templateOnly`)] } },
});
