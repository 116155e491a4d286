import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { csvQuery, filtersCollection, onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';
import { readList } from '../../../shared/validate';
import { CONVERSATION_WITH } from './fields';

// GET /conversations?page&perPage&searchKey&conversationType&withTags&tags&withUserAndGroupTags&userTags&groupTags&unread
//   header onBehalfOf?  →  {data: [{conversationId, conversationType, unreadMessageCount ("3": a string [REC]),
//   createdAt, updatedAt, uid (without onBehalfOf: whose conversation it is), lastMessage?, conversationWith, tags?}],
//   meta: {pagination}}. Kept as CometChat sends it, unreadMessageCount included.

/** A comma-separated tag filter, sent as one query value (spec: style form, explode false). */
function tagFilter(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder: 'e.g. support, vip',
		description,
		routing: { send: csvQuery(name) },
	};
}

const TAG_FILTERS = [
	['tags', 'Tags'],
	['userTags', 'User Tags'],
	['groupTags', 'Group Tags'],
] as const;

export const getAll = defineOperation(
	'conversation',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many conversations',
		description: 'List conversations: every user\'s, or those of one user (On Behalf Of)',
		routing: {
			request: { method: 'GET', url: '/conversations' },
			send: { preSend: [checkTagFilters] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		...returnAllOrLimit,
		filtersCollection([
			{
				displayName: 'Conversation Type',
				name: 'conversationType',
				type: 'options',
				options: CONVERSATION_WITH.map(({ name, value }) => ({ name, value })),
				default: 'user',
				description: 'Only one-to-one conversations (User) or only group conversations (Group)',
				routing: { send: { type: 'query', property: 'conversationType' } },
			},
			tagFilter('groupTags', 'Group Tags', 'Only group conversations whose group has any of these tags (comma-separated)'),
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. hiking',
				description: 'Only conversations with a user or group whose name contains this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
			tagFilter('tags', 'Tags', 'Only conversations with any of these conversation tags (comma-separated), as set by Update'),
			{
				displayName: 'Unread Only',
				name: 'unread',
				type: 'boolean',
				default: true,
				description: 'Whether to return only conversations with unread messages',
				routing: { send: { type: 'query', property: 'unread' } },
			},
			tagFilter('userTags', 'User Tags', 'Only one-to-one conversations whose other user has any of these tags (comma-separated)'),
			{
				displayName: 'With Tags',
				name: 'withTags',
				type: 'boolean',
				default: true,
				description: 'Whether to include each conversation\'s tags in the output',
				routing: { send: { type: 'query', property: 'withTags' } },
			},
			{
				displayName: 'With User and Group Tags',
				name: 'withUserAndGroupTags',
				type: 'boolean',
				default: true,
				description: 'Whether to include the tags of the user or group each conversation is with',
				routing: { send: { type: 'query', property: 'withUserAndGroupTags' } },
			},
		]),
		optionsCollection([
			onBehalfOfOption(
				'UID of a user to list the conversations of, newest first. Without it CometChat lists every user\'s conversations, each with the uid of its owner.',
			),
		]),
	],
);

/** Tag filters from expressions must be text or lists of text: nothing else becomes a query value. */
async function checkTagFilters(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = (this.getNodeParameter('filters', {}) ?? {}) as Record<string, unknown>;
	for (const [name, displayName] of TAG_FILTERS) {
		if (filters[name] !== undefined) readList(this, `filters.${name}`, displayName);
	}
	return requestOptions;
}
