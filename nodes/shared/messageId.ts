import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { describeValue, inputError } from './validate';

// Message IDs are growing counters that CometChat sends as strings of digits, e.g. "2144" [REC]; its spec
// types them as integers. One rule wherever a message ID is read: a whole number from 1, at most 20 digits.
// (The path reader took "0" and the conversation reader refused numbers past 2^53; both are refused now:
// no message has ID 0, and a larger ID would be sent rounded, i.e. as another message's.)
const MESSAGE_ID = /^\d{1,20}$/;

/** A message ID (text or a number from an expression), trimmed, or what is wrong with it. */
export function checkedMessageId(raw: unknown): { id: string } | { problem: string } {
	if (typeof raw !== 'string' && typeof raw !== 'number') return { problem: `must be a single message ID, not ${describeValue(raw)}` };
	const id = String(raw).trim();
	if (id === '') return { problem: 'is empty' };
	if (!MESSAGE_ID.test(id) || /^0+$/.test(id)) return { problem: `"${id.slice(0, 40)}" is not a message ID; CometChat message IDs are whole numbers from 1, such as 2144` };
	return { id };
}

/** A message ID parameter (text or a number from an expression), trimmed and checked. */
export function readMessageId(context: IExecuteSingleFunctions, parameter: string, field = 'Message ID'): string {
	const checked = checkedMessageId(context.getNodeParameter(parameter, '') as unknown);
	if ('problem' in checked) throw inputError(context, field, checked.problem);
	return checked.id;
}

/** readMessageId for a body field CometChat types as an integer (Mark as Read and the like). */
export function readMessageNumber(context: IExecuteSingleFunctions, parameter: string, field = 'Message ID'): number {
	const id = readMessageId(context, parameter, field);
	const number = Number(id);
	if (!Number.isSafeInteger(number)) throw inputError(context, field, `"${id}" is larger than a message ID can be sent as a number`);
	return number;
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

// Where a send's MUID goes: the body's `muid`, or the thread reply's `data.metadata.muid` (that endpoint
// takes no muid). Read by the exactly-once sends and the "outcome unknown" error, written by a retry of a
// sub-workflow's send (exactlyOnce.ts).

/** The MUID a message body carries, as it is there (undefined without one). */
export function muidIn(body: unknown): unknown {
	const { muid, data } = (body ?? {}) as { muid?: unknown; data?: { metadata?: { muid?: unknown } } };
	return muid ?? data?.metadata?.muid;
}

/** The body with its MUID replaced where it carries one (muidIn's places). */
export function withMuid(body: IDataObject, muid: string): IDataObject {
	if (body.muid !== undefined) return { ...body, muid };
	const data = (body.data ?? {}) as IDataObject;
	return { ...body, data: { ...data, metadata: { ...((data.metadata ?? {}) as IDataObject), muid } } };
}
