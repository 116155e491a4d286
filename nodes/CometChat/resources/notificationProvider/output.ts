import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { isObject, readBoolean } from '../../../shared/validate';
import { dataOf, unexpectedAnswer } from '../../../shared/output';

// CometChat answers provider reads and writes with the provider's configuration, secrets included
// (the spec's examples show twilioAuthToken, sendGridApiKey and basicAuthPassword in clear text, and
// FCM/APNs records are stored with their keys). The output hides them unless Include Secrets is on.

/** The keys whose values are secrets, wherever they appear in an answer. */
const SECRET_KEYS = new Set(['basicAuthPassword', 'p8Key', 'private_key', 'sendGridApiKey', 'twilioAuthToken']);
export const HIDDEN = '[redacted]';

export const includeSecretsOption: INodeProperties = {
	displayName: 'Include Secrets',
	name: 'includeSecrets',
	type: 'boolean',
	default: false,
	description: `Whether to output the keys, tokens and passwords CometChat returns as they are; off, they read ${HIDDEN}. n8n keeps node outputs in its execution log.`,
};

/** Secret values replaced by HIDDEN, at any depth. */
export function hideSecrets(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(hideSecrets);
	if (!isObject(value)) return value;
	const copy: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) {
		copy[key] = SECRET_KEYS.has(key) && typeof entry === 'string' && entry !== '' ? HIDDEN : (hideSecrets(entry) as IDataObject[string]);
	}
	return copy;
}

/**
 * postReceive of Get, Create and Update: one item per provider of a list (`{data: {pushProviders: [...]}}`:
 * FCM, APNs, custom push), else the configuration (`{data: {...}}`) as one item; secrets hidden unless
 * the operation's Include Secrets option is on.
 */
export async function providerRecords(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const data = dataOf(response);
	if (!data) throw unexpectedAnswer(this, response, '{"data": {...}}');
	const list = data.pushProviders;
	if (list !== undefined && !(Array.isArray(list) && list.every(isObject))) throw unexpectedAnswer(this, response, '{"data": {"pushProviders": [...]}}');
	const records = (list as IDataObject[] | undefined) ?? [data];
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const show = options.includeSecrets !== undefined && readBoolean(this, 'options.includeSecrets', 'Include Secrets');
	return records.map((record) => ({ json: (show ? record : hideSecrets(record)) as IDataObject }));
}
