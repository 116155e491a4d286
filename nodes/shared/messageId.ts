import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { inputError } from './validate';

// Message IDs are growing counters that CometChat sends as strings of digits, e.g. "2144" [REC].
const MESSAGE_ID = /^\d{1,20}$/;

/** A message ID parameter (text or a number from an expression), trimmed and checked. */
export function readMessageId(context: IExecuteSingleFunctions, parameter: string, field: string): string {
	const raw = context.getNodeParameter(parameter, '') as unknown;
	if (typeof raw !== 'string' && typeof raw !== 'number') throw inputError(context, field, `must be a single message ID, not ${kind(raw)}`);
	const id = String(raw).trim();
	if (id === '') throw inputError(context, field, 'is empty');
	if (!MESSAGE_ID.test(id)) {
		throw inputError(context, field, `"${id.slice(0, 40)}" is not a message ID; CometChat message IDs are numbers such as 2144`);
	}
	return id;
}

/** The message an operation acts on: path parameter `messageId`, checked before any request. */
export function messageIdField(description: string): INodeProperties {
	return {
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 2144',
		description,
		routing: { send: { preSend: [checkMessageId] } },
	};
}

async function checkMessageId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	readMessageId(this, 'messageId', 'Message ID');
	return requestOptions;
}

function kind(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
