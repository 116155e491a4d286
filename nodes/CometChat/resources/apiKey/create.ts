import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { CHAT_CREDENTIAL } from '../../../shared/chat/baseUrl';
import { answerOf, cometChatTime, noteCreate, otherCreator, readAnswer, surelySince } from '../../../shared/earlierTries';
import { throwOnApiError } from '../../../shared/errors/conversion';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { checkedRequest, type LostAnswerVerdict } from '../../../shared/retry';
import { readChoice, readText } from '../../../shared/validate';
import { NAME_MAX, scopeOptions } from './fields';

// POST /apikeys  body {name, scope: authOnly|fullAccess}  →  {data: {apiKey, name, scope, createdAt}}
// The output holds the new key itself: treat it as a secret.
export const create = defineOperation(
	'apiKey',
	{
		name: 'Create',
		value: 'create',
		action: 'Create an API key',
		description: 'Create an Auth Key or a REST API key for the app. The output holds the new key: keep it secret.',
		routing: {
			request: { method: 'POST', url: '/apikeys' },
			send: { preSend: [buildKey] },
			// A key whose create got no answer is looked up by name when n8n's Retry On Fail runs the node again.
			operations: { pagination: checkedRequest(earlierKey, (context, requestData) => noteCreate(context, keyOf(requestData))) },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Signup service',
			description: 'A name that says what the key is for, at most 100 characters',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			options: scopeOptions,
			// The spec's default.
			default: 'authOnly',
			description: 'What the key may do',
		},
	],
);

async function buildKey(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { name: readText(this, 'name', 'Name', { max: NAME_MAX, required: true }), scope: readChoice(this, 'scope', 'Scope', scopeOptions) };
	return requestOptions;
}

/**
 * Whether the create of an earlier try, whose answer was lost, made the key: the app's keys with this
 * name and scope (GET /apikeys?searchKey&scope) that CometChat created since that try began by its own
 * clock. None: the key was not made, it is created. One: that is the key, and the list shows all the
 * create's answer has (apiKey, name, scope, createdAt [SPEC]). More, or a list longer than one answer:
 * it cannot tell.
 */
async function earlierKey(
	this: void,
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	since: number,
): Promise<LostAnswerVerdict<INodeExecutionData[]>> {
	const { name, scope } = (requestData.options.body ?? {}) as IDataObject;
	let answer;
	try {
		answer = await readAnswer(context, CHAT_CREDENTIAL, throwOnApiError, {
			baseURL: requestData.options.baseURL,
			allowedDomains: requestData.options.allowedDomains, // the credential's restriction (router.ts), on the look-ups too
			url: '/apikeys',
			qs: { searchKey: name, scope },
			headers: { Accept: 'application/json' },
		});
	} catch (error) {
		return { unknown: `reading /apikeys failed (${(error as Error).message})` };
	}
	const keys = Array.isArray(answer.data) ? (answer.data as IDataObject[]) : [];
	const pagination = (answer.meta?.pagination ?? {}) as IDataObject;
	// The spec documents no paging for this list: a list that says it has more than it showed cannot tell.
	if (Number(pagination.total ?? keys.length) > keys.length) return { unknown: `/apikeys lists more keys named ${JSON.stringify(name)} than one answer shows` };
	const tryStart = cometChatTime(answer, since);
	if (tryStart === undefined) return { unknown: "CometChat's answer had no Date header to tell when the try began by its clock" };
	const made = keys.filter((key) => key.name === name && key.scope === scope && Number(key.createdAt) >= tryStart);
	if (made.length === 0) return { absent: true };
	if (!made.every((record) => surelySince(Number(record.createdAt), tryStart))) {
		return { unknown: `a key named ${JSON.stringify(name)} was created about when the try began, so it may be another's made just before` };
	}
	if (made.length > 1) return { unknown: `${made.length} keys named ${JSON.stringify(name)} were created since the try` };
	const other = otherCreator(context, keyOf(requestData));
	if (other !== undefined) return { unknown: `item ${other} of this run asked for a ${String(scope)} key named ${JSON.stringify(name)} too, so the one found may be its` };
	return { found: await answerOf(context, requestData, made[0]) };
}

/** What an item's create asks for, for noteCreate: a key of this name and scope. */
const keyOf = (requestData: DeclarativeRestApiSettings.ResultOptions): string => {
	const { name, scope } = (requestData.options.body ?? {}) as IDataObject;
	return `apikey\u0000${String(name)}\u0000${String(scope)}`;
};
