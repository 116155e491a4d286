import { onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { messageUrl } from './fields';

// GET /messages/{id}  header onBehalfOf?  →  {data: <message>} [REC]
export const get = defineOperation(
	'message',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a message',
		description: 'Get a message by its ID',
		routing: {
			request: { method: 'GET', url: messageUrl() },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		optionsCollection([onBehalfOfOption('UID of a user to act as: the message then shows that user\'s view of it (reactions by them, saved)')]),
	],
);
