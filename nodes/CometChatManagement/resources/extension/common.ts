import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';
import { MANAGEMENT_CREDENTIAL, managementError, managementSecrets } from '../../../shared/management/transport';
import { appPath } from '../../../shared/management/fields';
import { EXTENSIONS, EXTENSION_BY_ID, extensionChoices, type ExtensionDefinition, type SettingsOperation } from './catalogue';

/** The Extension field of a settings operation: the extensions the spec gives that method. */
export function extensionField(operation: SettingsOperation, routing?: INodeProperties['routing']): INodeProperties {
	const options = extensionChoices(operation);
	return {
		displayName: 'Extension',
		name: 'extension',
		type: 'options',
		// Store and Update show the chosen extension's own fields, so it cannot come from an expression there.
		noDataExpression: operation === 'store' || operation === 'update',
		options,
		default: 'gifs-giphy', // Giphy has every settings method
		required: true,
		description: 'The extension whose settings to use',
		...(routing ? { routing } : {}),
	};
}

/** The chosen extension (its field's check has run before: it is one of the options). */
export function chosenExtension(context: IExecuteSingleFunctions): ExtensionDefinition {
	const id = String(context.getNodeParameter('extension', '')).trim();
	const extension = EXTENSION_BY_ID.get(id);
	// Unreachable in a run: the field's options check comes first.
	if (!extension) throw new NodeOperationError(context.getNode(), `Extension: "${id}" is unknown [item ${context.getItemIndex()}]`);
	return extension;
}

function chosenName(context: IExecuteSingleFunctions): string {
	return EXTENSION_BY_ID.get(String(context.getNodeParameter('extension', 'push-notification')))?.name ?? 'Push Notification';
}

const V2 = JSON.stringify(EXTENSIONS.filter((e) => e.version === 'v2').map((e) => e.id));

/** `/apps/{appId}/extensions/{id}/{version}` of the chosen extension, for `routing.request.url` (prefix "="). */
export const extensionPath =
	`${appPath}/extensions/{{ encodeURIComponent(String($parameter["extension"]).trim()) }}` +
	`/{{ ${V2}.includes(String($parameter["extension"]).trim()) ? "v2" : "v1" }}`;

/**
 * The extension service's answer inside the management API's `{data: {statusCode, success,
 * responseTime, body}}`. A wrapped failure (success false, or a statusCode of 400 or more, with an
 * HTTP 200 around it) is an error with the inner code and message, as any other (INFERRED: the spec
 * shows only successes).
 */
export async function innerBody(context: IExecuteSingleFunctions, response: IN8nHttpFullResponse): Promise<IDataObject> {
	const outer = response.body as IDataObject | undefined;
	const data = outer !== null && typeof outer === 'object' && !Array.isArray(outer) ? outer.data : undefined;
	const itemIndex = context.getItemIndex();
	if (data === null || typeof data !== 'object' || Array.isArray(data)) {
		const shown = JSON.stringify(outer ?? null);
		throw new NodeApiError(context.getNode(), { body: shown } as JsonObject, {
			message: `CometChat answered HTTP ${response.statusCode} without the expected data [item ${itemIndex}]`,
			description: `Expected {"data": {"statusCode", "success", "body"}}, got: ${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown}`,
			httpCode: String(response.statusCode),
			itemIndex,
		});
	}
	const wrapper = data as IDataObject;
	const status = Number(wrapper.statusCode ?? 200);
	const body = (wrapper.body ?? {}) as IDataObject;
	if (wrapper.success === false || status >= 400) {
		// The inner answer carries CometChat's {error: {code, message}} when there is one; reported as any other error.
		const secrets = managementSecrets(await context.getCredentials(MANAGEMENT_CREDENTIAL));
		throw managementError(context.getNode(), { statusCode: status, headers: response.headers, body }, secrets, {
			itemIndex,
			doing: `the ${chosenName(context)} extension answered inside a success (HTTP ${response.statusCode})`,
		});
	}
	return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
}

/** What a settings answer holds: `body.data.settings`, else `body.data`, else the body itself. */
export function answerRecord(body: IDataObject): IDataObject {
	const data = body.data as IDataObject | undefined;
	if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
		const settings = data.settings as IDataObject | undefined;
		return settings !== null && typeof settings === 'object' && !Array.isArray(settings) ? settings : data;
	}
	return body;
}

/** postReceive: one item, `{extension, ...<what the extension answered>}`. */
export async function extensionRecord(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = await innerBody(this, response);
	return [{ json: { extension: chosenExtension(this).id, ...answerRecord(body) } }];
}
