import { describeResource } from '../../../shared/operations';
import { deleteConversation } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getAppPins } from './getAppPins';
import { getById } from './getById';
import { markDelivered } from './markDelivered';
import { markRead } from './markRead';
import { markUnread } from './markUnread';
import { pin } from './pin';
import { reset } from './reset';
import { setAppPins } from './setAppPins';
import { unpin } from './unpin';
import { update } from './update';

export const conversationDescription = describeResource(
	'conversation',
	[deleteConversation, get, getById, getAll, markDelivered, markRead, markUnread, reset, update, pin, unpin, getAppPins, setAppPins],
	'getAll',
);
