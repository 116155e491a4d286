import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';
import { filtersCollection, groupLocator, onBehalfOfOption, optionsCollection, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitByCursor } from '../../../shared/pagination';
import { inputError, readChoice, readId } from '../../../shared/validate';
import { filtersNotFor, type ListOf, messageFilters } from './fields';

// GET /messages | GET /users/{uid}/messages | GET /groups/{guid}/messages  header onBehalfOf?
//   query: the filters (each list has its own set in the spec), limit (≤ 1000) and the cursor (affix, id, sentAt)
//   →  {data: [message...], meta: {current: {limit, count}, next: {affix, sentAt, id}}} [REC]  →  one item per message.
// Return All follows meta.next (shared/pagination.ts). Timestamps stay in seconds, as CometChat sends them.
const MESSAGES_OF: INodePropertyOptions[] = [
	{ name: 'All Messages', value: 'all', description: 'Every message of the app, or of the On Behalf Of user\'s conversations' },
	{ name: 'Group', value: 'group', description: 'The messages of one group' },
	{ name: 'User Conversation', value: 'user', description: 'The messages of a user: with On Behalf Of, those between the two users' },
];

const enc = (parameter: string) => `encodeURIComponent(String($parameter["${parameter}"]).trim())`;

export const getAll = defineOperation(
	'message',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many messages',
		description: 'List messages: all of the app\'s, those of a one-to-one conversation, or those of a group, with filters',
		routing: {
			request: {
				method: 'GET',
				url: `=/{{ $parameter["messagesOf"] === "user" ? "users/" + ${enc('uid')} + "/messages" : $parameter["messagesOf"] === "group" ? "groups/" + ${enc('guid')} + "/messages" : "messages" }}`,
			},
			send: { preSend: [checkListOf, checkTimeRange] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		{
			displayName: 'Messages Of',
			name: 'messagesOf',
			type: 'options',
			options: MESSAGES_OF,
			default: 'all',
		},
		// Checked by checkListOf, not by their own pre-send check: when Messages Of comes from an expression
		// n8n shows (and would ask for) both pickers, and only one of them is in use.
		{
			...userLocator('uid', 'User', 'The user whose conversation to list (with On Behalf Of: the other user of it)'),
			required: false,
			routing: undefined,
			displayOptions: { show: { messagesOf: ['user'] } },
		},
		{
			...groupLocator('guid', 'Group', 'The group whose messages to list'),
			required: false,
			routing: undefined,
			displayOptions: { show: { messagesOf: ['group'] } },
		},
		...returnAllOrLimitByCursor('limit'),
		filtersCollection(messageFilters),
		optionsCollection([
			onBehalfOfOption('UID of a user to act as: CometChat then lists only messages that user can see, with their unread and delivery state'),
		]),
	],
);

/** Which list, and its user or group picker checked (the URL is built from them). */
async function checkListOf(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const listOf = readChoice(this, 'messagesOf', 'Messages Of', MESSAGES_OF) as ListOf;
	if (listOf === 'user') readId(this, 'uid', 'User');
	if (listOf === 'group') readId(this, 'guid', 'Group');
	const filters = (this.getNodeParameter('filters', {}) ?? {}) as IDataObject;
	const [misfit] = filtersNotFor(listOf, Object.keys(filters));
	if (misfit) {
		const list = MESSAGES_OF.find((option) => option.value === listOf)!.name;
		throw inputError(this, misfit.displayName, `is a filter of the ${misfit.lists} list only; CometChat's ${list} list does not take it`, 'Remove the filter or choose another Messages Of.');
	}
	return requestOptions;
}

/** CometChat ignores To without From (spec: toTimestamp "will be ignored if fromTimestamp is missing"): refused. */
async function checkTimeRange(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = (this.getNodeParameter('filters', {}) ?? {}) as IDataObject;
	if (filters.to !== undefined && (filters.from === undefined || filters.from === '')) {
		throw inputError(this, 'To', 'needs From as well: CometChat ignores the end of a time range without its start', 'Add the From filter, e.g. {{ $now.minus({days: 7}) }}.');
	}
	return requestOptions;
}
