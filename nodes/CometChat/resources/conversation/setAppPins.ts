import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { idProblem, inputError } from '../../../shared/validate';
import { CONVERSATION_WITH, APP_PINS_MAX, pinnedList } from './fields';

// PUT /conversations/pinned  body {pinnedConversations: [{guid} | {uid}]} (the whole list, at most 5; [] unpins all)
//   →  the list (INFERRED, see pinned.ts)  →  one item {pinnedConversations}. More than 5 answers
//   ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED.
export const setAppPins = defineOperation(
	'conversation',
	{
		name: 'Set App-Wide Pins',
		value: 'setAppPins',
		action: 'Set the app-wide pinned conversations',
		description: 'Replace the conversations the app pins to the top for every user (at most 5, in order)',
		routing: {
			request: { method: 'PUT', url: '/conversations/pinned' },
			send: { preSend: [sendPins] },
			output: { postReceive: [pinnedList] },
		},
	},
	[
		{
			displayName: 'Pinned Conversations',
			name: 'pinnedConversations',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Conversation',
			default: {},
			description: 'The conversations to pin, in the order users see them (at most 5). None unpins every app-wide pin.',
			options: [
				{
					displayName: 'Conversation',
					name: 'conversation',
					values: [
						{
							displayName: 'Conversation With',
							name: 'conversationWith',
							type: 'options',
							options: CONVERSATION_WITH.map(({ name, value }) => ({ name, value })),
							default: 'group',
							description: 'Whether the pin is a group conversation or every user\'s conversation with one user',
						},
						{
							displayName: 'UID or GUID',
							name: 'id',
							type: 'string',
							default: '',
							placeholder: 'e.g. cometchat-guid-1',
							description: 'The group\'s GUID, or the UID of the user (e.g. a support bot) whose conversation to pin',
						},
					],
				},
			],
		},
	],
);

/** `pinnedConversations` in order: each `{uid}` or `{guid}`, valid, not repeated, at most 5. */
async function sendPins(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const field = 'Pinned Conversations';
	const raw = this.getNodeParameter('pinnedConversations', {}) as unknown;
	const entries = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as IDataObject).conversation ?? [] : raw;
	if (!Array.isArray(entries)) throw inputError(this, field, 'must be a list of conversations');
	if (entries.length > APP_PINS_MAX) throw inputError(this, field, `has ${entries.length} conversations; CometChat pins at most ${APP_PINS_MAX} for the whole app`);
	const pins = entries.map((entry, index) => {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw inputError(this, field, `entry ${index + 1} must be a conversation`);
		const kind = (entry as IDataObject).conversationWith ?? 'group';
		if (kind !== 'user' && kind !== 'group') throw inputError(this, field, `entry ${index + 1}: Conversation With must be user or group`);
		const id = (entry as IDataObject).id;
		if (typeof id !== 'string' && typeof id !== 'number') throw inputError(this, field, `entry ${index + 1} needs a UID or GUID`);
		const value = String(id).trim();
		const problem = idProblem(value);
		if (problem) throw inputError(this, field, `entry ${index + 1}: ${problem}`);
		return kind === 'user' ? { uid: value } : { guid: value };
	});
	const keys = pins.map((pin) => JSON.stringify(pin).toLowerCase());
	const repeated = keys.findIndex((key, index) => keys.indexOf(key) !== index);
	if (repeated >= 0) throw inputError(this, field, `entry ${repeated + 1} repeats an earlier conversation`);
	requestOptions.body = { pinnedConversations: pins };
	return requestOptions;
}
