import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { filtersCollection, onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitByCursor } from '../../../shared/pagination';
import { encodedReaction, messageUrl, readReaction } from './fields';

// GET /messages/{id}/reactions | GET /messages/{id}/reactions/{reaction}  header onBehalfOf?
//   →  {data: [{id, messageId, reaction, uid, reactedAt, reactedBy}], meta: {current: {limit: 100, count}, next:
//   {affix, id}}} [SPEC]  →  one item per reaction. The spec gives these lists no query parameters: no page size is
//   sent (CometChat's is 100) and the pages follow meta.next; Limit stops as soon as it has enough.
export const getReactions = defineOperation(
	'message',
	{
		name: 'Get Reactions',
		value: 'getReactions',
		action: 'Get the reactions to a message',
		description: 'List who reacted to a message and how, all reactions or one',
		routing: {
			request: {
				method: 'GET',
				url: `${messageUrl('/reactions')}{{ $parameter["filters"]["reaction"] === undefined ? "" : "/" + ${encodedReaction('["filters"]["reaction"]')} }}`,
			},
			send: { preSend: [checkReactionFilter] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		...returnAllOrLimitByCursor('none'),
		filtersCollection([
			{
				displayName: 'Reaction',
				name: 'reaction',
				type: 'string',
				default: '',
				placeholder: 'e.g. 👍',
				description: 'Only this reaction (an emoji or a short text)',
			},
		]),
		optionsCollection([onBehalfOfOption('UID of a user to act as')]),
	],
);

async function checkReactionFilter(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = (this.getNodeParameter('filters', {}) ?? {}) as IDataObject;
	if (filters.reaction !== undefined) readReaction(this, 'filters.reaction');
	return requestOptions;
}
