import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { inputError, readId } from '../../../shared/validate';
import { once } from '../../../shared/share';

// What the moderation resources (Moderation Reason, Moderation Rule, Moderation Keyword List,
// Moderated Message) and Message → Flag share: their ID fields, JSON lists, the multipart body of
// the keyword endpoints, and how review and delete answers become output items.

/**
 * A plain ID field (reason, rule, keyword list), checked before any request. CometChat documents no
 * format for these IDs; its examples (spam, contact_details_filter, profanity-list) follow the UID
 * rule, so the same rule applies: letters, digits, "-" and "_", at most 100 (INFERRED).
 */
export function idField(name: string, displayName: string, placeholder: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder,
		description,
		routing: {
			send: {
				preSend: [
					once(`checkModerationId\0${name}\0${displayName}`, () =>
						async function checkModerationId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
							readId(this, name, displayName);
							return requestOptions;
						},
					),
				],
			},
		},
	};
}

/** A switch read in code (values from expressions skip n8n's own check): true or false only. */
export function readBoolean(context: IExecuteSingleFunctions, parameter: string, field: string): boolean {
	const value = context.getNodeParameter(parameter, false) as unknown;
	if (typeof value !== 'boolean') throw inputError(context, field, `must be true or false, not ${kind(value)}`);
	return value;
}

/**
 * A JSON list of objects (rule conditions, filters): JSON text or a value from an expression; one
 * object counts as a list of one. At most `max` entries; `required` refuses an empty list.
 */
export function readJsonList(
	context: IExecuteSingleFunctions,
	parameter: string,
	field: string,
	{ max, required, example }: { max: number; required: boolean; example: string },
): IDataObject[] {
	const fix = `Write a JSON array of objects such as ${example}.`;
	let value = context.getNodeParameter(parameter, '[]') as unknown;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value.trim() === '' ? '[]' : value);
		} catch (error) {
			throw inputError(context, field, `is not valid JSON (${(error as Error).message})`, fix);
		}
	}
	const list = value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value;
	if (!Array.isArray(list)) throw inputError(context, field, `must be a JSON array of objects, not ${kind(value)}`, fix);
	list.forEach((entry, index) => {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			throw inputError(context, field, `entry ${index + 1} must be an object, not ${kind(entry)}`, fix);
		}
	});
	if (required && list.length === 0) throw inputError(context, field, 'is empty; give at least one', fix);
	if (list.length > max) throw inputError(context, field, `has ${list.length} entries; CometChat allows at most ${max}`);
	return list as IDataObject[];
}

/**
 * A request body as multipart/form-data, the only encoding the spec gives the keyword-list endpoints.
 * Each [name, value] becomes one text part; an array property is sent as repeated parts of the same
 * name (OpenAPI's default for multipart arrays).
 */
export function multipartBody(parts: Array<[string, string]>): { body: string; contentType: string } {
	let boundary = '';
	do {
		boundary = `----n8nCometChat${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`;
	} while (parts.some(([, value]) => value.includes(boundary)));
	const body =
		parts
			.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
			.join('') + `--${boundary}--\r\n`;
	return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * What CometChat answered to an action: `data` when it is an object with content, else the
 * `success`/`message` pair (the spec shows `{data: {...}}`; newer docs show `{success, message}` at
 * the top level for some moderation answers, so both are read).
 */
function answerOf(response: IN8nHttpFullResponse): IDataObject {
	const body = response.body as IDataObject | undefined;
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
	const data = body.data;
	if (data !== null && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length > 0) return data as IDataObject;
	const answer: IDataObject = {};
	if (typeof body.success === 'boolean') answer.success = body.success;
	if (typeof body.message === 'string') answer.message = body.message;
	return answer;
}

/**
 * postReceive for actions on one message (flag, review): one item with what was asked (`asked`,
 * e.g. the message ID and status) and CometChat's answer; `success: true` unless the answer says
 * otherwise (CometChat answered 200).
 */
export function actionResult(asked: (context: IExecuteSingleFunctions) => IDataObject) {
	return async function messageActionResult(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		return [{ json: { ...asked(this), success: true, ...answerOf(response) } }];
	};
}

/**
 * postReceive for a delete whose answer may come with or without the `data` wrapper (the spec shows
 * Delete Reason's `{success, message}` at the top level): `{deleted: true, message}`.
 */
export async function deletedAnswer(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { message } = answerOf(response);
	return [{ json: { deleted: true, ...(typeof message === 'string' ? { message } : {}) } }];
}

export function kind(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
