import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { describeValue, inputError } from '../../../shared/validate';

// Session IDs look like "v1.us.31780434a95d45.1692368168aefba73a1e5938ad7a02f8e61ea1c9a287a08aeb" [CALLS
// examples]; CometChat documents no format. INFERRED: letters, digits, ".", "-" and "_" (a safe path
// segment that still takes custom meeting session IDs such as GUIDs), at most 255 characters, not only dots.
const SESSION_ID = /^[A-Za-z0-9._-]+$/;
const SESSION_ID_MAX = 255;

/** The call's session ID, trimmed and checked before any request. */
export function readSessionId(context: IExecuteSingleFunctions): string {
	const raw = context.getNodeParameter('sessionId', '') as unknown;
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, 'Session ID', `must be a single session ID, not ${describeValue(raw)}`);
	}
	const value = String(raw).trim();
	if (value === '') throw inputError(context, 'Session ID', 'is empty', 'Give the call\'s sessionId, as Call → Get Many returns it.');
	if (value.length > SESSION_ID_MAX) {
		throw inputError(context, 'Session ID', `is ${value.length} characters long; a session ID has at most ${SESSION_ID_MAX}`);
	}
	if (!SESSION_ID.test(value) || /^\.+$/.test(value)) {
		throw inputError(context, 'Session ID', `"${value.slice(0, 60)}" is not a session ID; use only letters, digits, ".", "-" and "_"`, 'Session IDs look like v1.us.31780434a95d45.1692368168aefba7.');
	}
	return value;
}

/** The `sessionId` path parameter of Get and Get Transcriptions. */
export const sessionIdField: INodeProperties = {
	displayName: 'Session ID',
	name: 'sessionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. v1.us.31780434a95d45.1692368168aefba73a1e5938ad7a02f8e61ea1c9a287a08aeb',
	description: 'The call\'s sessionId, as Call → Get Many returns it',
	routing: {
		send: {
			preSend: [
				async function checkSessionId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
					readSessionId(this);
					return requestOptions;
				},
			],
		},
	},
};

