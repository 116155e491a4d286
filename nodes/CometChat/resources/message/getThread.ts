import { onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitByCursor } from '../../../shared/pagination';
import { messageUrl } from './fields';

// GET /messages/{id}/thread?perPage  header onBehalfOf?  →  {data: [reply with parentId...], meta: {current, next:
//   {affix, sentAt, id}}}  →  one item per reply. The spec lists page/perPage for this list but its example answers
//   with a cursor (meta.next): the page size goes as perPage (the spec's name) and the pages follow meta.next.
export const getThread = defineOperation(
	'message',
	{
		name: 'Get Thread',
		value: 'getThread',
		action: 'Get the replies in a thread',
		description: 'List the replies in the thread of a message',
		routing: {
			request: { method: 'GET', url: messageUrl('/thread') },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message that starts the thread'),
		...returnAllOrLimitByCursor('perPage'),
		optionsCollection([onBehalfOfOption('UID of a user to act as: the replies then show that user\'s view of them')]),
	],
);
