import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actingUser, encodedReaction, messageUrl, reactionField } from './fields';

// POST /messages/{id}/reactions/{reaction}  header onBehalfOf (required), no body
//   →  {data: <message with data.reactions [{reaction, count, reactedByMe}]>}
export const addReaction = defineOperation(
	'message',
	{
		name: 'Add Reaction',
		value: 'addReaction',
		action: 'Add a reaction to a message',
		description: 'React to a message on behalf of a user',
		routing: {
			request: { method: 'POST', url: `${messageUrl('/reactions/')}{{ ${encodedReaction('["reaction"]')} }}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		actingUser('user', 'User', 'The user acting (sent as the onBehalfOf header, which CometChat requires here)'),
		reactionField,
	],
);
