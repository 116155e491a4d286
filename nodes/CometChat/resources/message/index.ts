import { describeResource } from '../../../shared/operations';
import { addReaction } from './addReaction';
import { deleteMessage } from './delete';
import { flag } from './flag';
import { get } from './get';
import { getAll } from './getAll';
import { getReactions } from './getReactions';
import { getThread } from './getThread';
import { listThreads } from './listThreads';
import { markInteracted } from './markInteracted';
import { pin } from './pin';
import { removeReaction } from './removeReaction';
import { replyInThread } from './replyInThread';
import { save } from './save';
import { send } from './send';
import { sendAsBot } from './sendAsBot';
import { subscribeThread } from './subscribeThread';
import { unpin } from './unpin';
import { unsave } from './unsave';
import { unsubscribeThread } from './unsubscribeThread';
import { update } from './update';

export const messageDescription = describeResource(
	'message',
	[
		send,
		flag,
		addReaction,
		deleteMessage,
		get,
		getAll,
		getReactions,
		getThread,
		listThreads,
		markInteracted,
		pin,
		removeReaction,
		replyInThread,
		save,
		sendAsBot,
		subscribeThread,
		unpin,
		unsave,
		unsubscribeThread,
		update,
	],
	'send',
);
