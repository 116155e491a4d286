import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { appLocator, pathId } from '../fields';
import { readText } from '../validate';
import { REGION_OPTIONS } from '../chat/baseUrl';

/** The app an operation works on: a picker over GET /apps, or the App ID. */
export const appField = (description = 'The CometChat app') => appLocator('appId', 'App', description);

/** `/apps/{appId}` of the chosen app, for `routing.request.url` (prefix with "="). */
export const appPath = `/apps/${pathId('appId')}`;

/**
 * preSend: a text parameter checked with readText and sent as the body field `bodyKey` (left out when
 * empty and not required).
 */
export function sendText(parameter: string, field: string, bodyKey: string, options: { max?: number; required?: boolean; trim?: boolean } = {}) {
	return async function setText(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = readText(this, parameter, field, options);
		if (value !== '' || options.required) requestOptions.body = { ...(requestOptions.body as IDataObject), [bodyKey]: value };
		return requestOptions;
	};
}

/** A required text field sent as the body field of the same name. */
export function textField(
	name: string,
	displayName: string,
	description: string,
	extra: Partial<INodeProperties> & { max?: number } = {},
): INodeProperties {
	const { max, ...rest } = extra;
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		description,
		...rest,
		routing: { send: { preSend: [sendText(name, displayName, name, { max, required: true })] } },
	};
}

export { REGION_OPTIONS };
