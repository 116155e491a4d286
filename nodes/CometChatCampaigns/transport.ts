import type { IDataObject, IExecuteSingleFunctions, IHttpRequestMethods, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';
import { CHAT_CREDENTIAL } from '../shared/chat/baseUrl';
import { checkCredential, cometChatApiRequest } from '../shared/chat/transport';

// The campaigns service is served under the chat host's /v3/campaigns (the spec's server), with the same
// `apikey`; the spec requires an `appid` header on every operation: the credential's App ID (not secret,
// it is in the host name too).
const PREFIX = '/campaigns';
const appIdHeader = (credentials: IDataObject): IDataObject => {
	const appId = String(credentials.appId ?? '').trim();
	return appId ? { appid: appId } : {};
};

/** preSend of every operation: the chat credential's address plus /campaigns, and the `appid` header. */
export async function checkCampaignsCredential(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	await checkCredential.call(this, requestOptions);
	requestOptions.baseURL = `${requestOptions.baseURL}${PREFIX}`;
	requestOptions.headers = { ...requestOptions.headers, ...appIdHeader(await this.getCredentials(CHAT_CREDENTIAL)) };
	return requestOptions;
}

/** cometChatApiRequest on the campaigns service (pickers, the upload URL of a recipient CSV). */
export async function campaignsRequest(
	this: ILoadOptionsFunctions | IExecuteSingleFunctions,
	method: IHttpRequestMethods,
	path: string,
	qs: IDataObject = {},
	itemIndex?: number,
): Promise<IDataObject> {
	const headers = appIdHeader(await this.getCredentials(CHAT_CREDENTIAL));
	return await cometChatApiRequest.call(this as ILoadOptionsFunctions, method, `${PREFIX}${path}`, qs, { headers, itemIndex });
}
