import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { actAs, pathId, userLocator } from '../../../shared/fields';
import { readMessageId } from '../../../shared/messageId';
import { actionResult, unwrapData } from '../../../shared/output';
import { readChoice, readId } from '../../../shared/validate';
import { preSendFactory } from '../../../shared/fold';

// What the message operations share besides composing a message (compose.ts): the URL of one
// message, the user a request acts for where CometChat requires one, and the outputs of edits,
// deletes and simple actions.

/** `routing.request.url` of one message's endpoint, e.g. messageUrl('/pin') → /messages/{id}/pin. */
export const messageUrl = (suffix = '') => `=/messages/${pathId('messageId')}${suffix}`;

/** preSend of actingUser: the checked UID as the onBehalfOf header. */
const sendActingUser = preSendFactory(function sendActingUser(parameter: string, field: string) {
	return async function setActingUser(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		actAs(requestOptions, readId(this, parameter, field));
		return requestOptions;
	};
});

/**
 * A required user picker whose UID is sent as the onBehalfOf header: the user a request acts for
 * where CometChat's spec or docs require the header (reactions, thread replies, saves...).
 */
export function actingUser(name: string, displayName: string, description: string): INodeProperties {
	return {
		...userLocator(name, displayName, description),
		routing: {
			send: {
				preSend: [sendActingUser(name, displayName)],
			},
		},
	};
}

/** postReceive of actions answered with `{success, message}`: `{messageId, uid, success, message}`. */
export function userActionResult(userParameter: string, userField: string) {
	return actionResult((context) => ({
		messageId: readMessageId(context, 'messageId', 'Message ID'),
		uid: readId(context, userParameter, userField),
	}));
}

const OUTPUTS = (verb: 'edited' | 'deleted') => [
	{
		name: 'Action Message',
		value: 'action',
		description: `CometChat's answer as it is: an action message (category "action") whose data.entities.on.entity is the ${verb} message`,
	},
	{
		name: verb === 'edited' ? 'Edited Message' : 'Deleted Message',
		value: 'message',
		description: `The ${verb} message itself, with ${verb === 'edited' ? 'editedAt and editedBy' : 'deletedAt and deletedBy'}`,
	},
];

/** The Output option of Update and Delete. */
export const outputOption = (verb: 'edited' | 'deleted'): INodeProperties => ({
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: OUTPUTS(verb),
	default: 'message',
	description: 'What to return: the message or CometChat\'s action message about it',
});

/**
 * postReceive of Update and Delete. CometChat answers an edit or delete with a new action message that
 * wraps the changed one ({category: "action", data: {action: "edited", entities: {by, for, on: {entity}}}}
 * [REC]); by default the output is that wrapped message, which a next node can use like any message.
 * An answer that wraps nothing is passed on as it is.
 */
export function changedMessage(verb: 'edited' | 'deleted') {
	return async function unwrapActionMessage(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const [item] = await unwrapData.call(this, items, response);
		const options = (this.getNodeParameter('options', {}) ?? {}) as IDataObject;
		const output = options.output === undefined ? 'message' : readChoice(this, 'options.output', 'Output', OUTPUTS(verb));
		if (output === 'action') return [item];
		const entities = ((item.json.data as IDataObject | undefined)?.entities ?? {}) as IDataObject;
		const on = (entities.on as IDataObject | undefined)?.entity;
		return on !== null && typeof on === 'object' && !Array.isArray(on) ? [{ json: on as IDataObject }] : [item];
	};
}
