import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type ILoadOptionsFunctions,
} from 'n8n-workflow';
import { resolveBaseUrl } from './baseUrl';
import { toApiError } from './errors';

export const CREDENTIAL = 'cometChatApi';

/**
 * preSend for every operation. The base address comes from an expression that yields nothing for a
 * bad credential, so this says, before anything is sent, what is wrong with it. It also drops the
 * empty JSON body n8n starts every request with from GET and DELETE calls, which take none.
 */
export async function prepareRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const { url, problem } = resolveBaseUrl(await this.getCredentials(CREDENTIAL));
	if (problem || !url) {
		throw new NodeOperationError(this.getNode(), `${problem} [item ${this.getItemIndex()}]`, {
			itemIndex: this.getItemIndex(),
		});
	}
	const body = requestOptions.body;
	const method = (requestOptions.method ?? 'GET').toUpperCase();
	if ((method === 'GET' || method === 'DELETE') && isEmptyObject(body)) delete requestOptions.body;
	return requestOptions;
}

function isEmptyObject(value: unknown): boolean {
	return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** The one authenticated request helper for code that calls CometChat itself (list searches). */
export async function cometChatApiRequest(
	this: ILoadOptionsFunctions,
	method: IHttpRequestMethods,
	path: string,
	qs: IDataObject = {},
): Promise<IDataObject> {
	const credentials = await this.getCredentials(CREDENTIAL);
	const { url, problem } = resolveBaseUrl(credentials);
	if (problem || !url) throw new NodeOperationError(this.getNode(), String(problem));
	const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL, {
		method,
		url: `${url}${path}`,
		qs,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	})) as IN8nHttpFullResponse;
	if (response.statusCode >= 400) {
		throw toApiError(this.getNode(), response, String(credentials.apiKey ?? ''));
	}
	return response.body as IDataObject;
}
