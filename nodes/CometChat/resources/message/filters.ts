import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, PreSendAction } from 'n8n-workflow';
import { dateQuery } from '../../../shared/dates';
import { csvQuery } from '../../../shared/fields';
import { idProblem, inputError, readBoolean, readConversationId, readId, readList } from '../../../shared/validate';

// The filters of the three message lists. Each list accepts its own set [SPEC]: only GET /messages has
// conversationId, receiverType and the deleted filters; only the user and group lists have undelivered and
// myMentionsOnly; the user list has no hideMessagesFromBlockedUsers.

export type ListOf = 'all' | 'user' | 'group';

const query = (name: string) => ({ send: { type: 'query' as const, property: name } });

const flag = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: true,
	description,
	routing: query(name),
});

/** preSend: a comma-separated list (or an array from an expression) sent as one query value; `ids` checks UIDs. */
function listValue(name: string, displayName: string, { ids = false } = {}): PreSendAction {
	return async function sendList(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const values = readList(this, `filters.${name}`, displayName);
		if (values.length === 0) throw inputError(this, displayName, 'is empty; remove the filter or give a value');
		if (ids) {
			for (const value of values) {
				const problem = idProblem(value);
				if (problem) throw inputError(this, displayName, problem);
			}
		}
		requestOptions.qs = { ...requestOptions.qs, [name]: values.join(',') };
		return requestOptions;
	};
}

const list = (name: string, displayName: string, placeholder: string, description: string, ids = false): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
	routing: { send: { preSend: [listValue(name, displayName, { ids })] } },
});

async function sendSender(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.qs = { ...requestOptions.qs, sender: readId(this, 'filters.sender', 'Sender') };
	return requestOptions;
}

async function sendConversationId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.qs = { ...requestOptions.qs, conversationId: readConversationId(this, 'filters.conversationId') };
	return requestOptions;
}

async function sendUnread(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const value = readBoolean(this, 'filters.unread', 'Unread Only');
	// unread "must be used alongside count" [SPEC].
	if (value) requestOptions.qs = { ...requestOptions.qs, unread: true, count: true };
	return requestOptions;
}

const DELETED = { hide: 'hideDeleted', only: 'onlyDeleted' } as const;

async function sendDeleted(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const value = this.getNodeParameter('filters.deleted', 'hide') as keyof typeof DELETED;
	requestOptions.qs = { ...requestOptions.qs, [DELETED[value]]: true };
	return requestOptions;
}

/** Every filter, with the lists that take it. */
const FILTERS: Array<[INodeProperties, ListOf[]]> = [
	[
		{
			displayName: 'Attachment Type',
			name: 'attachmentTypes',
			type: 'options',
			options: [
				{ name: 'Audio', value: 'audio' },
				{ name: 'File', value: 'file' },
				{ name: 'Image', value: 'image' },
				{ name: 'Video', value: 'video' },
			],
			default: 'image',
			description: 'Only media messages with attachments of this type',
			routing: query('attachmentTypes'),
		},
		['all', 'user', 'group'],
	],
	[
		{
			displayName: 'Categories',
			name: 'categories',
			type: 'multiOptions',
			options: [
				{ name: 'Action', value: 'action', description: 'Messages CometChat writes: edits, deletes, member changes' },
				{ name: 'Call', value: 'call' },
				{ name: 'Custom', value: 'custom' },
				{ name: 'Interactive', value: 'interactive' },
				{ name: 'Message', value: 'message', description: 'Text and media messages' },
			],
			default: [],
			description: 'Only messages of these categories',
			routing: { send: csvQuery('categories') },
		},
		['all', 'user', 'group'],
	],
	[
		{ displayName: 'Conversation ID', name: 'conversationId', type: 'string', default: '', placeholder: 'e.g. cometchat-uid-1_user_cometchat-uid-2', description: 'Only messages of this conversation (&lt;uid&gt;_user_&lt;uid&gt; or group_&lt;guid&gt;)', routing: { send: { preSend: [sendConversationId] } } },
		['all'],
	],
	[
		{
			displayName: 'Deleted Messages',
			name: 'deleted',
			type: 'options',
			options: [
				{ name: 'Hide', value: 'hide', description: 'Leave deleted messages out' },
				{ name: 'Only', value: 'only', description: 'Only deleted messages' },
			],
			default: 'hide',
			description: 'Without this filter deleted messages are included, marked with deletedAt',
			routing: { send: { preSend: [sendDeleted] } },
		},
		['all'],
	],
	[
		{
			displayName: 'From',
			name: 'from',
			type: 'dateTime',
			default: '',
			description: 'Only messages sent at or after this time (sent as a Unix timestamp in seconds)',
			routing: { send: { preSend: [dateQuery('filters.from', 'fromTimestamp', 'From')] } },
		},
		['all', 'user', 'group'],
	],
	[flag('hasAttachments', 'Has Attachments', 'Whether to return only messages with attachments (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hasLinks', 'Has Links', 'Whether to return only messages with links (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hasMentions', 'Has Mentions', 'Whether to return only messages that mention users (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hasReactions', 'Has Reactions', 'Whether to return only messages with reactions (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hideMessagesFromBlockedUsers', 'Hide Messages From Blocked Users', 'Whether to leave out messages from users the On Behalf Of user blocked'), ['all', 'group']],
	[flag('hideReplies', 'Hide Thread Replies', 'Whether to leave out replies in threads'), ['all', 'user', 'group']],
	[list('mentionedUids', 'Mentioned UIDs', 'e.g. cometchat-uid-2, cometchat-uid-3', 'Only messages that mention any of these users (comma-separated UIDs)', true), ['all', 'user', 'group']],
	[flag('mentionsWithBlockedInfo', 'Mentions With Blocked Info', 'Whether to say for each mentioned user whether they and the On Behalf Of user blocked each other'), ['all', 'user', 'group']],
	[flag('mentionsWithTagInfo', 'Mentions With Tag Info', 'Whether to include the tags of each mentioned user'), ['all', 'user', 'group']],
	[flag('myMentionsOnly', 'My Mentions Only', 'Whether to return only messages that mention the On Behalf Of user'), ['user', 'group']],
	[
		{
			displayName: 'Receiver Type',
			name: 'receiverType',
			type: 'options',
			options: [
				{ name: 'Group', value: 'group', description: 'Group messages' },
				{ name: 'User', value: 'user', description: 'One-to-one messages' },
			],
			default: 'user',
			description: 'Only one-to-one messages or only group messages',
			routing: query('receiverType'),
		},
		['all'],
	],
	[
		{ displayName: 'Search Key', name: 'searchKey', type: 'string', default: '', placeholder: 'e.g. trail', description: 'Only messages whose text contains this', routing: query('searchKey') },
		['all', 'user', 'group'],
	],
	[
		{ displayName: 'Sender', name: 'sender', type: 'string', default: '', placeholder: 'e.g. cometchat-uid-2', description: 'Only messages from this user (UID)', routing: { send: { preSend: [sendSender] } } },
		['all', 'user', 'group'],
	],
	[list('tags', 'Tags', 'e.g. announcement, weekly', 'Only messages with any of these tags (comma-separated)'), ['all', 'user', 'group']],
	[
		{
			displayName: 'To',
			name: 'to',
			type: 'dateTime',
			default: '',
			description: 'Only messages sent at or before this time (sent as a Unix timestamp in seconds; needs From)',
			routing: { send: { preSend: [dateQuery('filters.to', 'toTimestamp', 'To')] } },
		},
		['all', 'user', 'group'],
	],
	[list('types', 'Types', 'e.g. text, image, location', 'Only messages of these types (comma-separated): text, image, video, audio, file, or your custom types'), ['all', 'user', 'group']],
	[flag('undelivered', 'Undelivered Only', 'Whether to return only messages not yet delivered to the On Behalf Of user'), ['user', 'group']],
	[
		{
			displayName: 'Unread Only',
			name: 'unread',
			type: 'boolean',
			default: true,
			description: 'Whether to return only messages the On Behalf Of user has not read',
			routing: { send: { preSend: [sendUnread] } },
		},
		['all', 'user', 'group'],
	],
	[flag('withTags', 'With Tags', 'Whether to include each message\'s tags'), ['all', 'user', 'group']],
];

const LIST_NAMES: Record<ListOf, string> = { all: 'All Messages', group: 'Group', user: 'User Conversation' };

/** Every filter, sorted by name; those only some lists take say which. */
export const messageFilters: INodeProperties[] = FILTERS.map(([filter, lists]) =>
	lists.length === 3 ? filter : { ...filter, description: `${filter.description} (${lists.map((list) => LIST_NAMES[list]).join(' and ')} only)` },
);

/**
 * The filters that `listOf` does not take, by display name, among those added. One collection serves the
 * three lists (so that a Messages Of from an expression still sends its filters), and CometChat's spec
 * gives each list its own set: a filter the list lacks is refused, not dropped.
 */
export function filtersNotFor(listOf: ListOf, added: string[]): Array<{ displayName: string; lists: string }> {
	return FILTERS.filter(([filter, lists]) => added.includes(filter.name) && !lists.includes(listOf)).map(([filter, lists]) => ({
		displayName: filter.displayName,
		lists: lists.map((list) => LIST_NAMES[list]).join(' and '),
	}));
}

