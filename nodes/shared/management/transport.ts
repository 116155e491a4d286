import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type IWebhookFunctions,
	type NodeApiError,
} from 'n8n-workflow';
import { credentialAllowedDomains } from '../allowedDomains';
import { isSafeOverride, SAFE_OVERRIDE_TEST } from '../chat/baseUrl';
import { toApiError, typedSecrets } from '../errors/conversion';
import { basicAuthSecret, redactAll, rememberSecrets, type SecretSource } from '../errors/redaction';
import { APP_NOT_FOUND_FIX } from '../errors/hints';

/**
 * The one transport for CometChat's management (multi-tenancy) API, `https://apimgmt.cometchat.io`
 * with the `key` and `secret` headers: used by the CometChat Management node (declarative routing plus
 * its app picker) and by the CometChat Trigger (webhook registration).
 */
export const MANAGEMENT_CREDENTIAL = 'cometChatManagementApi';
export const MANAGEMENT_HOST = 'https://apimgmt.cometchat.io';

export const MANAGEMENT_URL_RULE =
	'The Base URL Override in the CometChat Management API credential must start with https:// (plain http:// is allowed only for localhost, 127.x.x.x and [::1]). Fix or clear it in the credential.';

/**
 * Where management requests go: the override, or CometChat's host. The same rule as the chat
 * credential: key and secret travel in headers, so a remote plain-http address is refused.
 */
export function resolveManagementUrl(credentials: ICredentialDataDecryptedObject): { url?: string; problem?: string } {
	const override = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!override) return { url: MANAGEMENT_HOST };
	return isSafeOverride(override) ? { url: override } : { problem: MANAGEMENT_URL_RULE };
}

/** The same rule as an expression, for the credential test (which cannot call code). */
export const MANAGEMENT_URL_EXPRESSION =
	'={{ (() => {' +
	' const o = String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "");' +
	` if (!o) return "${MANAGEMENT_HOST}";` +
	` return ${SAFE_OVERRIDE_TEST} ? o : undefined;` +
	' })() }}';

/**
 * Key and secret as stored (errors/redaction.ts derives the trimmed and encoded forms), and the pair
 * as Tenant → Create sends it in HTTP Basic: cut out of every item, error and log line.
 */
export function managementSecrets(credentials: ICredentialDataDecryptedObject): string[] {
	const key = String(credentials.key ?? '');
	const secret = String(credentials.secret ?? '');
	return [key, secret, basicAuthSecret(key, secret)].filter((value) => value.trim() !== '');
}

/** The management node's secrets: key and secret everywhere, passwords typed into its fields in errors. */
export const managementSecretSource: SecretSource = {
	credential: async (context) => managementSecrets(await context.getCredentials(MANAGEMENT_CREDENTIAL)),
	typed: typedSecrets,
};

/** What is wrong with the credential before anything is sent, or undefined. */
export function managementCredentialProblem(credentials: ICredentialDataDecryptedObject): string | undefined {
	if (!String(credentials.key ?? '').trim() || !String(credentials.secret ?? '').trim()) {
		return 'The CometChat Management API credential needs both Key and Secret (the management key pair from CometChat, not an app\'s REST API key).';
	}
	return resolveManagementUrl(credentials).problem;
}

// What to do about the management API's answers (codes from its error-codes page, reference §3.4).
export const MANAGEMENT_FIXES: Record<string, string> = {
	AUTH_ERR_EMPTY_AUTH_HEADER: 'Fill in Key and Secret in the CometChat Management API credential.',
	ERR_APP_NOT_FOUND: APP_NOT_FOUND_FIX,
	ERR_APP_ARCHIVED: 'The app was archived and will be deleted after 30 days. Use an active app.',
	ERR_APP_CREATION_FAILED_MAX_LIMIT:
		'The account has the most complimentary apps CometChat allows. Delete an app or upgrade one to a paid plan, then try again.',
	ERR_APP_DELETION: 'The app has a paid subscription, so it cannot be deleted this way. Contact CometChat support.',
	ERR_WEBHOOK_NOT_FOUND: 'The app has no webhook with this ID. Pick the webhook from the list (Webhook → Get Many shows them).',
	ERR_ALREADY_AN_OWNER: 'This person is already an owner of the app. Leave them out of the collaborators.',
	ERR_SELF_ACTION_DENIED: 'A user cannot add themselves as a collaborator. Use another person\'s email.',
	ERR_NOT_A_COLLABORATOR: 'This email is not a collaborator of the app. Check the email (Collaborator → Get Many lists them).',
	ERR_EXTENSION_NOT_FOUND: 'No extension has this ID. Check the extension ID (Extension → Get Many lists them).',
	ERR_EXTENSION_INACTIVE: 'The extension is not enabled for this app. Enable it first.',
	ERR_API_NOT_FOUND:
		'Check the Base URL Override of the CometChat Management API credential (leave it empty for https://apimgmt.cometchat.io).',
	ERR_TOO_MANY_REQUESTS: 'CometChat\'s rate limit was reached; wait a minute and try again.',
};

export const MANAGEMENT_AUTH_FIX =
	'Check Key and Secret in the CometChat Management API credential: they are the management (multi-tenancy) key pair from CometChat, not the app\'s REST API key, and your plan must include management API access.';

/**
 * A management API error answer as an n8n error: CometChat's code and message (same `{error: {code,
 * message, details}}` body as the chat host, reference §3.1/§10), management fixes, key and secret
 * cut out. `fixes` overrides hints for a caller's own context (the trigger: "activate again").
 */
export function managementError(
	node: INode,
	response: Pick<IN8nHttpFullResponse, 'body' | 'headers' | 'statusCode'>,
	secrets: string[],
	options: { itemIndex?: number; doing?: string; fixes?: Record<string, string> } = {},
): NodeApiError {
	const status = response.statusCode;
	const body = response.body as { error?: { code?: unknown } } | undefined;
	const code = typeof body?.error?.code === 'string' ? body.error.code : '';
	const fixes = { ...MANAGEMENT_FIXES, ...options.fixes };
	// The chat API's hints for its AUTH_ERR codes talk about the REST API key: not this credential.
	if (code.startsWith('AUTH_ERR') && !fixes[code]) fixes[code] = MANAGEMENT_AUTH_FIX;
	return toApiError(node, response, secrets, options.itemIndex, {
		fixes,
		fallbackFix: status === 401 || status === 403 ? MANAGEMENT_AUTH_FIX : undefined,
		lead: options.doing ? `While ${options.doing}.` : undefined,
		noun: 'The CometChat Management API',
	});
}

/** preSend for every operation of the management node: a usable credential, before anything is sent. */
export async function checkManagementCredential(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const credentials = await this.getCredentials(MANAGEMENT_CREDENTIAL);
	rememberSecrets(this, managementSecrets(credentials));
	const problem = managementCredentialProblem(credentials);
	if (problem) {
		throw new NodeOperationError(this.getNode(), `${problem} [item ${this.getItemIndex()}]`, { itemIndex: this.getItemIndex() });
	}
	// Here rather than as an expression in requestDefaults, as the chat node does (checkCredential).
	requestOptions.baseURL ||= resolveManagementUrl(credentials).url;
	return requestOptions;
}

/** postReceive for every operation of the management node: any error answer becomes managementError. */
export async function throwOnManagementError(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (response.statusCode < 400) return items;
	const secrets = managementSecrets(await this.getCredentials(MANAGEMENT_CREDENTIAL));
	throw managementError(this.getNode(), response, secrets, { itemIndex: this.getItemIndex() });
}

export interface ManagementCall {
	method: IHttpRequestMethods;
	/** From the host root, e.g. `/apps` or `/apps/{appId}/webhooks`. */
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	headers?: IDataObject;
	/** Cancels the request (the trigger's per-event time limit). */
	abortSignal?: AbortSignal;
}

/**
 * One authenticated management request for code that calls the API itself (the trigger's
 * registration, list searches). Answers come back whatever their status; a connection that fails
 * becomes an error without key or secret in it.
 */
export async function managementRequest(
	ctx: IHookFunctions | ILoadOptionsFunctions | IWebhookFunctions,
	call: ManagementCall,
): Promise<{ response: IN8nHttpFullResponse; secrets: string[]; baseUrl: string }> {
	const credentials = await ctx.getCredentials(MANAGEMENT_CREDENTIAL);
	const secrets = managementSecrets(credentials);
	const problem = managementCredentialProblem(credentials);
	const { url } = resolveManagementUrl(credentials);
	if (problem || !url) throw new NodeOperationError(ctx.getNode(), String(problem));
	// Held to the credential's Allowed HTTP Request Domains, as the node's own operations are (router.ts).
	const allowedDomains = credentialAllowedDomains(ctx.getNode(), credentials);
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, MANAGEMENT_CREDENTIAL, {
			...(allowedDomains ? { allowedDomains } : {}),
			method: call.method,
			url: `${url}${call.path}`,
			body: call.body,
			qs: call.qs,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			headers: { Accept: 'application/json', ...call.headers },
			...(call.abortSignal ? { abortSignal: call.abortSignal } : {}),
		})) as IN8nHttpFullResponse;
		// Whatever the caller makes of the answer (picker entries, registration errors), no secret in it.
		return { response: { ...response, body: redactAll(response.body, secrets) }, secrets, baseUrl: url };
	} catch (error) {
		const reason = redactAll(String((error as Error).message ?? error), secrets);
		throw new NodeOperationError(ctx.getNode(), `Could not reach the CometChat Management API at ${url}: ${reason}`);
	}
}
