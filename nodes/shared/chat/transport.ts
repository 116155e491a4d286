import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type ILoadOptionsFunctions,
	type RequestHelperFunctions,
} from 'n8n-workflow';
import { credentialAllowedDomains } from '../allowedDomains';
import { CHAT_CREDENTIAL, resolveBaseUrl } from './baseUrl';
import { toApiError, typedSecrets } from '../errors/conversion';
import { redactAll, redactError, rememberSecrets, type SecretSource } from '../errors/redaction';


/**
 * preSend for every operation: the base address, from the credential, or — for a bad credential —
 * before anything is sent, what is wrong with it. Set here rather than as an expression in
 * `requestDefaults.baseURL`: n8n's RoutingNode evaluates that expression twice for every item, and an
 * expression costs more than the rest of this check (see BENCHMARKS.md). Operations on another host
 * (calls) change it in their own pre-send (onCallsHost), which runs after this one.
 */
export async function checkCredential(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const credentials = await this.getCredentials(CHAT_CREDENTIAL);
	rememberSecrets(this, [String(credentials.apiKey ?? '')]);
	const { url, problem } = resolveBaseUrl(credentials);
	if (problem || !url) {
		throw new NodeOperationError(this.getNode(), `${problem} [item ${this.getItemIndex()}]`, {
			itemIndex: this.getItemIndex(),
		});
	}
	requestOptions.baseURL ||= url;
	return requestOptions;
}

/** preSend of the Call operations: the calls host, by the same credential and override rule (resolveBaseUrl). */
export async function onCallsHost(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const { url, problem } = resolveBaseUrl(await this.getCredentials(CHAT_CREDENTIAL), 'call');
	if (problem || !url) {
		throw new NodeOperationError(this.getNode(), `${problem} [item ${this.getItemIndex()}]`, { itemIndex: this.getItemIndex() });
	}
	requestOptions.baseURL = url;
	return requestOptions;
}

/** The CometChat node's secrets: the REST API key everywhere, typed secrets (provider keys, push tokens) in errors. */
export const chatSecrets: SecretSource = {
	credential: async (context) => [String((await context.getCredentials(CHAT_CREDENTIAL)).apiKey ?? '')],
	typed: typedSecrets,
};

/** What a context calling CometChat itself needs: the credential, the node, n8n's HTTP helper. */
type RequestContext = Pick<ILoadOptionsFunctions, 'getCredentials' | 'getNode'> & { helpers: RequestHelperFunctions };

/**
 * The one authenticated request helper for code that calls CometChat itself (list searches, CometChat
 * Send and Wait): the credential's base URL, the key kept out of every error, CometChat's error as a
 * NodeApiError (its code and message), and nothing the answer echoes of the key. Never repeated: a
 * write whose answer is lost may have happened.
 */
export async function cometChatApiRequest(
	this: RequestContext,
	method: IHttpRequestMethods,
	path: string,
	qs: IDataObject = {},
	{ body, headers, itemIndex }: { body?: IDataObject; headers?: IDataObject; itemIndex?: number } = {},
): Promise<IDataObject> {
	const credentials = await this.getCredentials(CHAT_CREDENTIAL);
	const { url, problem } = resolveBaseUrl(credentials);
	if (problem || !url) throw new NodeOperationError(this.getNode(), String(problem), { itemIndex });
	const apiKey = String(credentials.apiKey ?? '');
	// Held to the credential's Allowed HTTP Request Domains, as the node's own operations are (router.ts).
	const allowedDomains = credentialAllowedDomains(this.getNode(), credentials);
	let response: IN8nHttpFullResponse;
	try {
		response = (await this.helpers.httpRequestWithAuthentication.call(this as unknown as ILoadOptionsFunctions, CHAT_CREDENTIAL, {
			...(allowedDomains ? { allowedDomains } : {}),
			method,
			url: `${url}${path}`,
			qs,
			...(headers ? { headers } : {}),
			...(body ? { body } : {}),
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// A connection that failed: its error holds the request, headers included.
		throw redactError(error, [apiKey]);
	}
	if (response.statusCode >= 400) throw toApiError(this.getNode(), response, apiKey, itemIndex);
	// Picker entries are shown in the editor, messages go on as output: nothing CometChat echoes of the key.
	return redactAll(response.body as IDataObject, [apiKey]);
}
