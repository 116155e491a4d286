import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actingUser, encodedReaction, messageUrl, reactionField } from './fields';

// DELETE /messages/{id}/reactions/{reaction}  header onBehalfOf (required), no body  →  {data: <message>}
export const removeReaction = defineOperation(
	'message',
	{
		name: 'Remove Reaction',
		value: 'removeReaction',
		action: 'Remove a reaction from a message',
		description: 'Take back a user\'s reaction to a message',
		routing: {
			request: { method: 'DELETE', url: `${messageUrl('/reactions/')}{{ ${encodedReaction('["reaction"]')} }}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		actingUser('user', 'User', 'The user acting (sent as the onBehalfOf header, which CometChat requires here)'),
		reactionField,
	],
);
