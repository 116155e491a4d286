import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { readDateMillis } from '../../../shared/dates';
import { inputError, readChoice, readIdList } from '../../../shared/validate';

// What Mute and Unmute share: the kind of conversation and the UIDs or GUIDs, sent as
// {conversations: [{id, type, until?}]}.

const CONVERSATION_TYPES: INodePropertyOptions[] = [
	{ name: 'Group', value: 'group', description: 'Group conversations, by GUID' },
	{ name: 'One-on-One', value: 'oneOnOne', description: 'Conversations with other users, by UID' },
];

/** Mute's and Unmute's conversations (one wording, so that n8n reads them as one field: fold.ts). */
export const conversationFields: INodeProperties[] = [
	{
		displayName: 'Conversation Type',
		name: 'conversationType',
		type: 'options',
		options: CONVERSATION_TYPES,
		default: 'oneOnOne',
		description: 'Whether the conversations are one-on-one or group conversations',
	},
	{
		displayName: 'Conversations',
		name: 'conversations',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. cometchat-uid-2, cometchat-guid-1',
		description: 'UIDs of the other users (One-on-One) or GUIDs of the groups: a comma-separated list, or an array from an expression',
	},
];

/** preSend: {conversations: [{id, type, until?}]}; `withUntil` reads Mute's Until option (sent as Unix milliseconds). */
export function buildConversations({ withUntil }: { withUntil: boolean }) {
	return async function sendConversations(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const type = readChoice(this, 'conversationType', 'Conversation Type', CONVERSATION_TYPES);
		const ids = readIdList(this, 'conversations', 'Conversations');
		let until: number | undefined;
		if (withUntil && (this.getNodeParameter('options', {}) as IDataObject).until !== undefined) {
			until = readDateMillis(this, 'options.until', 'Until', { required: true });
			// The spec asks for "a valid timestamp from the future".
			if (until !== undefined && until <= Date.now()) throw inputError(this, 'Until', 'is in the past; give a time from the future', 'Leave Until out to mute until Unmute.');
		}
		requestOptions.body = { conversations: ids.map((id) => ({ id, type, ...(until !== undefined ? { until } : {}) })) };
		return requestOptions;
	};
}
