import {
	NodeApiError,
	NodeHelpers,
	NodeOperationError,
	sleep,
	type DeclarativeRestApiSettings,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
	type INodeTypeDescription,
	type PostReceiveAction,
} from 'n8n-workflow';
import { credentialAllowedDomains } from './allowedDomains';
import { legacyParse, type LegacyUrl } from './legacyUrl';
import { isPlainObject } from './validate';

/*
 * Why the CometChat node runs its own routing: n8n's RoutingNode (n8n-core) walks *every* property of
 * the description for every item, twice, and evaluates an expression parameter once per property of
 * its name, shown or not. With 137 operations that is ~200 properties per item, two to three times the
 * work of the operation's own fields (BENCHMARKS.md, "Per resource"). This runner reads the same
 * declarative description (`routing` on the properties, `requestDefaults`, `requestOperations`) with
 * RoutingNode's rules (n8n-core 2.41 routing-node.js: property order, merging, preSend, pagination,
 * postReceive, maxResults, errors and Continue On Fail), but works out once per node run which
 * properties the parameters show, and per item walks those only and evaluates each parameter once.
 *
 * What it does not take from RoutingNode, because the node does not use it (a test keeps it so):
 * expressions in routing other than `$parameter` ones (no `$value`, `$credentials`, `$response`),
 * postReceive other than functions, and declarative pagination other than a function. n8n gives a
 * node with `execute()` no Request Options of its own, so the node carries `requestOptionsSetting`
 * (the same names, so saved values keep working) and this runner applies it as RoutingNode does.
 */

/** A property, an option of an options property, or a value of a fixed collection: whatever may carry `routing`. */
type Routed = INodeProperties | INodePropertyOptions;

/** DeclarativeRestApiSettings.ResultOptions while it is put together (qs, body and headers always there). */
interface RequestPlan extends Omit<DeclarativeRestApiSettings.ResultOptions, 'options'> {
	options: IDataObject & { qs: IDataObject; body: IDataObject; headers: IDataObject };
}

/** RoutingNode's request timeout when Request Options set none (n8n-core routing-node.js). */
const TIMEOUT_MS = 300_000;

/**
 * The Request Options n8n adds to every declarative node without `execute()` (n8n-core's
 * commonDeclarativeNodeOptionParameters), with the same names and defaults: the node settings users of
 * declarative nodes know (batching, proxy, timeout, certificates). Three wordings differ where n8n's lint
 * rules for community nodes ask for it.
 */
export const requestOptionsSetting: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	isNodeSetting: true,
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Batching',
			name: 'batching',
			placeholder: 'Add Batching',
			type: 'fixedCollection',
			typeOptions: { multipleValues: false },
			default: { batch: {} },
			options: [
				{
					displayName: 'Batching',
					name: 'batch',
					values: [
						{
							displayName: 'Items Per Batch',
							name: 'batchSize',
							type: 'number',
							typeOptions: { minValue: -1 },
							default: 50,
							description: 'Input will be split in batches to throttle requests. -1 for disabled. 0 will be treated as 1.',
						},
						{
							displayName: 'Batch Interval (Milliseconds)',
							name: 'batchInterval',
							type: 'number',
							typeOptions: { minValue: 0 },
							default: 1000,
							description: 'Time (in milliseconds) between each batch of requests. 0 for disabled.',
						},
					],
				},
			],
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'allowUnauthorizedCerts',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: 'Whether to connect even if SSL certificate validation is not possible',
		},
		{
			displayName: 'Proxy',
			name: 'proxy',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://myproxy:3128',
			description: 'HTTP proxy to use. If authentication is required it can be defined as follow: http://username:password@myproxy:3128.',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10000,
			description: 'Time in ms to wait for the server to send response headers (and start the response body) before aborting the request',
		},
	],
};

interface RequestSettings {
	batching?: { batch?: { batchSize?: number; batchInterval?: number } };
	proxy?: string;
	timeout?: number;
	allowUnauthorizedCerts?: boolean;
}

/** `execute()` of a declarative node description, run with RoutingNode's rules over the shown properties only. */
export function routedExecute(description: INodeTypeDescription) {
	const credentialType = description.credentials?.[0]?.name;
	return async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const node = this.getNode();
		const shown = displayCheck(node, description);
		// Which properties show depends on the parameters as saved, not on any item (as in RoutingNode).
		// Notices hold no value and route nothing: left out, so they cost nothing per item.
		const properties = description.properties.filter((property) => property.type !== 'notice' && shown(property));
		const withExpressions = holdingExpressions(node, description);
		const items = this.getInputData();
		// As RoutingNode's prepareCredentials: once per run, and a required credential that fails stops the node.
		const credentials = credentialType ? await this.getCredentials(credentialType, 0) : undefined;
		const { batching } = this.getNodeParameter('requestOptions', 0, {}) as RequestSettings;
		const batchSize = Number(batching?.batch?.batchSize) > 0 ? Number(batching?.batch?.batchSize) : 1;
		const batchInterval = Number(batching?.batch?.batchInterval ?? 0);
		const requests: Array<Promise<INodeExecutionData[]>> = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			if (itemIndex > 0 && batchInterval > 0 && itemIndex % batchSize === 0) await sleep(batchInterval);
			const single = singleItem(this, itemIndex);
			try {
				// RoutingNode evaluates every parameter for every item before it sends anything of it: an
				// expression that fails stops the item here, also one only a pre-send reads (so, without
				// Continue On Fail, no later item is sent).
				for (const name of withExpressions) this.getNodeParameter(name, itemIndex);
				const plan = newPlan(description, single);
				for (const property of properties) merge(plan, planOf(single, node, shown, property, ''));
				applySettings(plan, single);
				if (credentials) applyAllowedDomains(plan, node, credentials);
				requests.push(send(single, plan, credentialType));
			} catch (error) {
				const nodeError =
					error instanceof NodeApiError || error instanceof NodeOperationError
						? error
						: new NodeOperationError(node, error instanceof Error ? error : new Error(String(error)), { itemIndex });
				setContext(nodeError, itemIndex, this);
				if (!this.continueOnFail()) throw nodeError;
				requests.push(Promise.resolve([{ json: {}, error: nodeError }]));
			}
		}

		const settled = await Promise.allSettled(requests);
		const output: INodeExecutionData[] = [];
		for (let itemIndex = 0; itemIndex < settled.length; itemIndex++) {
			const result = settled[itemIndex];
			if (result.status === 'rejected') {
				const error = result.reason as Error & { description?: string; isAxiosError?: boolean; response?: { status?: number } };
				if (this.continueOnFail()) {
					output.push({ json: {}, error: error as NodeApiError, pairedItem: { item: itemIndex } });
					continue;
				}
				if (error instanceof NodeApiError) {
					setContext(error, itemIndex, this);
					throw error;
				}
				throw new NodeApiError(node, error as never, {
					itemIndex,
					message: error?.message,
					description: error?.description,
					httpCode: error?.isAxiosError && error.response ? String(error.response.status) : 'none',
				});
			}
			// Items the answer made, so set in place: one pairing shared by all of them (a list may be 100,000).
			const paired = { item: itemIndex };
			for (const item of result.value) {
				item.pairedItem ??= paired;
				output.push(item);
			}
		}
		return [output];
	};
}

/** What RoutingNode's per-item context (ExecuteSingleContext) offers, on top of the node run's context. */
function singleItem(run: IExecuteFunctions, itemIndex: number): IExecuteSingleFunctions {
	const helpers = {
		...run.helpers,
		getBinaryDataBuffer: async (propertyName: string) => await run.helpers.getBinaryDataBuffer(itemIndex, propertyName),
		assertBinaryData: (propertyName: string) => run.helpers.assertBinaryData(itemIndex, propertyName),
	};
	// The run's context underneath: n8n's request helpers call back into it (credentials, cancel signal, logger).
	return Object.create(run, {
		itemIndex: { value: itemIndex },
		helpers: { value: helpers },
		getItemIndex: { value: () => itemIndex },
		getInputData: { value: (inputIndex = 0, connectionType?: never) => run.getInputData(inputIndex, connectionType)[itemIndex] ?? { json: {} } },
		getNodeParameter: { value: (name: string, fallback?: unknown, options?: never) => run.getNodeParameter(name, itemIndex, fallback as never, options) },
		getCredentials: { value: async (type: string) => await run.getCredentials(type, itemIndex) },
		evaluateExpression: { value: (expression: string, index = itemIndex) => run.evaluateExpression(expression, index) },
		getWorkflowDataProxy: { value: () => run.getWorkflowDataProxy(itemIndex) },
	}) as IExecuteSingleFunctions;
}

function emptyPlan(): RequestPlan {
	// No URL until a routing request sets one (RoutingNode starts from these three as well).
	return { options: { qs: {}, body: {}, headers: {} } as RequestPlan['options'], preSend: [], postReceive: [], requestOperations: {} };
}

/** Proxy, certificates and timeout of Request Options, read per item (an expression may differ by item), as RoutingNode does. */
function applySettings(plan: RequestPlan, context: IExecuteSingleFunctions): void {
	const { proxy, timeout, allowUnauthorizedCerts } = context.getNodeParameter('requestOptions', {}) as RequestSettings;
	if (proxy) {
		// As RoutingNode reads it: Node's url.parse (legacyUrl.ts), not the WHATWG URL.
		const parsed: LegacyUrl = legacyParse(proxy, context.getNode());
		const missing = parsed.host === null ? 'host' : parsed.port === null ? 'port' : undefined;
		if (missing) {
			throw new NodeOperationError(context.getNode(), 'The proxy is not valid', {
				itemIndex: context.getItemIndex(),
				description: `The proxy URL does not contain a valid value for "${missing}"`,
			});
		}
		const [username, password] = parsed.auth?.split(':') ?? [];
		plan.options.proxy = {
			host: parsed.hostname,
			port: parseInt(String(parsed.port), 10),
			protocol: parsed.protocol?.replace(/:$/, '') || undefined,
			...(parsed.auth ? { auth: { username, password } } : {}),
		} as IDataObject;
	}
	if (allowUnauthorizedCerts) plan.options.skipSslCertificateValidation = allowUnauthorizedCerts;
	plan.options.timeout = timeout || TIMEOUT_MS;
}

/**
 * The credential's "Allowed HTTP Request Domains", as RoutingNode passes it to n8n's request helper,
 * which refuses any other host, also on a redirect ("Domain not allowed"). Worked out where RoutingNode
 * does: per item, before the pre-sends, so our base address (a pre-send's) is not the node's own.
 */
function applyAllowedDomains(plan: RequestPlan, node: INode, credentials: ICredentialDataDecryptedObject): void {
	const allowedDomains = credentialAllowedDomains(node, credentials, plan.options.baseURL as string | undefined);
	if (allowedDomains) plan.options.allowedDomains = allowedDomains;
}

/**
 * The top-level parameters whose saved value holds an expression, in the description's order, shown or
 * not: RoutingNode evaluates every property's value for every item, and only these can fail there.
 */
function holdingExpressions(node: INode, description: INodeTypeDescription): string[] {
	const holds = (value: unknown): boolean =>
		typeof value === 'string' ? value.charAt(0) === '=' : value !== null && typeof value === 'object' && Object.values(value).some(holds);
	return [...new Set(description.properties.map((property) => property.name))].filter((name) => name in node.parameters && holds(node.parameters[name]));
}

/**
 * NodeHelpers.displayParameter of the n8n-workflow n8n runs with, asked as RoutingNode asks it (the
 * node's parameters as the values and as their root). Its fourth argument changed in n8n-workflow 1.86:
 * before (n8n 1.85 ships 1.83) the root values, since the node type's description with the root fifth.
 * Which one is told by what it does (an entry shown by a root value), once per node run.
 */
function displayCheck(node: INode, description: INodeTypeDescription): (property: INodeProperties) => boolean {
	type Display = (values: unknown, property: unknown, node: unknown, fourth: unknown, fifth?: unknown) => boolean;
	const display = NodeHelpers.displayParameter as unknown as Display;
	const rootFourth = display({}, { displayOptions: { show: { '/probe': [true] } } }, null, { probe: true });
	return rootFourth
		? (property) => display(node.parameters, property, node, node.parameters)
		: (property) => display(node.parameters, property, node, description, node.parameters);
}

function newPlan(description: INodeTypeDescription, context: IExecuteSingleFunctions): RequestPlan {
	const plan = emptyPlan();
	plan.requestOperations = { ...description.requestOperations };
	// Resolved per item, which copies them too: pre-sends change the options in place.
	for (const [key, value] of Object.entries(description.requestDefaults ?? {})) plan.options[key] = resolve(context, value) as IDataObject[string];
	return plan;
}

/**
 * RoutingNode's getRequestOptionsFromParameters for one shown property (and what it holds). The top-level
 * properties are found shown once per run; the entries of collections are checked here, per entry.
 */
function planOf(context: IExecuteSingleFunctions, node: INode, shown: (entry: INodeProperties) => boolean, property: Routed, path: string): RequestPlan {
	const plan = emptyPlan();
	const basePath = path ? `${path}.` : '';
	const routing = property.routing;
	if (routing) {
		let value: unknown;
		if ('type' in property) {
			const extractValue = property.extractValue !== undefined || property.type === 'resourceLocator';
			value = context.getNodeParameter(basePath + property.name, undefined, { extractValue });
		}
		if (routing.operations) plan.requestOperations = { ...routing.operations };
		for (const [key, raw] of Object.entries(routing.request ?? {})) plan.options[key] = resolve(context, raw) as IDataObject[string];
		const sendTo = routing.send;
		if (sendTo) {
			if (sendTo.property !== undefined) {
				const name = String(resolve(context, sendTo.property));
				const sent = sendTo.value !== undefined ? resolve(context, sendTo.value) : value;
				const target = sendTo.type === 'body' ? plan.options.body : plan.options.qs;
				if (sendTo.propertyInDotNotation === false) target[name] = sent as IDataObject[string];
				else setPath(target, name, sent);
			}
			if (sendTo.paginate !== undefined) plan.paginate = Boolean(resolve(context, sendTo.paginate));
			if (sendTo.preSend) plan.preSend.push(...sendTo.preSend);
		}
		const output = routing.output;
		if (output) {
			if (output.maxResults !== undefined) plan.maxResults = resolve(context, output.maxResults) as number;
			const actions = (output.postReceive ?? []).filter((action) => typeof action === 'function' || resolve(context, action.enabled ?? true) !== false);
			if (actions.length) plan.postReceive.push({ data: { parameterValue: value as never }, actions });
		}
	}
	if (!('options' in property) || !property.options) return plan;
	if (property.type === 'options') {
		const selected = NodeHelpers.getParameterValueByPath(node.parameters, property.name, path);
		const option = (property.options as INodePropertyOptions[]).find((candidate) => candidate.value === selected);
		if (option) merge(plan, planOf(context, node, shown, option, basePath + property.name));
	} else if (property.type === 'collection') {
		const value = (NodeHelpers.getParameterValueByPath(node.parameters, property.name, path) ?? {}) as IDataObject;
		for (const entry of property.options as INodeProperties[]) {
			if (entry.name in value && entry.type !== undefined && shown(entry)) merge(plan, planOf(context, node, shown, entry, basePath + property.name));
		}
	} else if (property.type === 'fixedCollection') {
		const collectionPath = basePath + property.name;
		for (const group of property.options as INodePropertyCollection[]) {
			let values = NodeHelpers.getParameterValueByPath(node.parameters, group.name, collectionPath) as unknown;
			if (values === undefined) continue;
			if (!Array.isArray(values)) values = [values];
			const many = property.typeOptions?.multipleValues;
			(values as unknown[]).forEach((_value, index) => {
				for (const field of group.values.filter(shown)) merge(plan, planOf(context, node, shown, field, many ? `${collectionPath}.${group.name}[${index}]` : `${collectionPath}.${group.name}`));
			});
		}
	}
	return plan;
}

/** RoutingNode's mergeOptions: the first paginate wins, the last maxResults, options merge deeply, actions append. */
function merge(into: RequestPlan, from: RequestPlan): void {
	into.paginate = into.paginate ?? from.paginate;
	into.maxResults = from.maxResults ? from.maxResults : into.maxResults;
	deepMerge(into.options, from.options);
	into.preSend.push(...from.preSend);
	into.postReceive.push(...from.postReceive);
	Object.assign(into.requestOperations ?? {}, from.requestOperations);
}

/** RoutingNode's makeRequest: the pre-sends in order, then the pagination function or one request. */
async function send(context: IExecuteSingleFunctions, plan: RequestPlan, credentialType: string | undefined): Promise<INodeExecutionData[]> {
	for (const preSend of plan.preSend) plan.options = (await preSend.call(context, plan.options as never)) as never;
	const makeRoutingRequest = async (request: DeclarativeRestApiSettings.ResultOptions) =>
		await postReceive(context, plan, await rawRequest(context, request, credentialType));
	const settings = plan as unknown as DeclarativeRestApiSettings.ResultOptions;
	const pagination = plan.requestOperations?.pagination;
	let items: INodeExecutionData[];
	if (plan.paginate && pagination) {
		if (typeof pagination !== 'function') throw new NodeOperationError(context.getNode(), 'Only pagination functions are supported');
		const paging = Object.create(context, { makeRoutingRequest: { value: makeRoutingRequest } }) as IExecutePaginationFunctions;
		items = await pagination.call(paging, settings);
	} else {
		items = await makeRoutingRequest(settings);
	}
	if (plan.maxResults) items.splice(Number(plan.maxResults));
	return items;
}

async function rawRequest(context: IExecuteSingleFunctions, request: DeclarativeRestApiSettings.ResultOptions, credentialType: string | undefined): Promise<IN8nHttpFullResponse> {
	request.options.returnFullResponse = true;
	const options = request.options as IHttpRequestOptions;
	return (await (credentialType
		? context.helpers.httpRequestWithAuthentication.call(context, credentialType, options)
		: context.helpers.httpRequest(options))) as IN8nHttpFullResponse;
}

/** RoutingNode's postProcessResponseData: the body as one item through every postReceive action in order. */
async function postReceive(context: IExecuteSingleFunctions, plan: RequestPlan, response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
	if (!plan.postReceive.length) {
		return Array.isArray(response.body) ? (response.body as IDataObject[]).map((json) => ({ json })) : [{ json: response.body as IDataObject }];
	}
	let items: INodeExecutionData[] = [{ json: response.body as IDataObject }];
	for (const step of plan.postReceive) {
		for (const action of step.actions) {
			if (typeof action !== 'function') throw new NodeOperationError(context.getNode(), `Only postReceive functions are supported, not "${(action as PostReceiveAction & { type?: string }).type}"`);
			items = await action.call(context, items, response);
		}
	}
	return items;
}

/** A routing value: an expression (`={{ $parameter… }}`) evaluated for the item, anything else as it is. */
function resolve(context: IExecuteSingleFunctions, value: unknown): unknown {
	if (typeof value === 'string') return value.charAt(0) === '=' ? context.evaluateExpression(value.slice(1), context.getItemIndex()) : value;
	if (value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) return value.map((entry) => resolve(context, entry));
	return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, resolve(context, entry)]));
}

function setContext(error: Error & { context?: IDataObject }, itemIndex: number, run: IExecuteFunctions): void {
	error.context = { ...error.context, itemIndex, runIndex: (run as unknown as { runIndex?: number }).runIndex ?? 0 };
}

function copy<T>(value: T): T {
	if (Array.isArray(value)) return value.map(copy) as T;
	if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, copy(entry)])) as T;
	return value;
}

/**
 * lodash's merge for what requests hold: plain objects and arrays merge entry by entry, anything else
 * (a buffer, a date) is taken as it is; undefined fills only a missing key.
 */
function deepMerge(into: IDataObject, from: IDataObject): void {
	for (const [key, value] of Object.entries(from)) {
		const current = into[key];
		if (value === undefined) {
			if (!(key in into)) into[key] = undefined;
			continue;
		}
		if ((isPlainObject(value) && isPlainObject(current)) || (Array.isArray(value) && Array.isArray(current))) deepMerge(current as IDataObject, value as IDataObject);
		else into[key] = copy(value);
	}
}

/** lodash's set for a dot path ("data.text", "a[0].b"): the objects on the way are made as needed. */
function setPath(target: IDataObject, path: string, value: unknown): void {
	const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
	let cursor: IDataObject = target;
	keys.forEach((key, index) => {
		if (index === keys.length - 1) {
			cursor[key] = value as IDataObject[string];
			return;
		}
		if (cursor[key] === null || typeof cursor[key] !== 'object') cursor[key] = /^\d+$/.test(keys[index + 1]) ? [] : {};
		cursor = cursor[key] as IDataObject;
	});
}
