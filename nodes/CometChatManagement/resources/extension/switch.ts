import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { perKeyResults } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { idProblem, inputError, readList } from '../../../shared/validate';
import { appField, appPath } from '../../../shared/management/fields';

/**
 * Enable and Disable share `POST /apps/{appId}/extensions` {enabled[], disabled[]}: each sends its
 * list of extension IDs and answers one item per ID, `{extension, success, message}`.
 */
export type Switch = 'enabled' | 'disabled';

const FIELD = 'Extension Names or IDs';

/** Enable or Disable: POST /apps/{appId}/extensions with the chosen IDs in `enabled` or `disabled`. */
export function switchOperation(list: Switch, name: 'Enable' | 'Disable') {
	return defineOperation(
		'extension',
		{
			name,
			value: name.toLowerCase(),
			action: `${name} extensions`,
			description: `Switch extensions ${list === 'enabled' ? 'on' : 'off'} for an app`,
			routing: {
				request: { method: 'POST', url: `=${appPath}/extensions` },
				output: { postReceive: [switchResults(list)] },
			},
		},
		[appField(), extensionsField(list)],
	);
}

/** The Extensions field: the app's extensions (loaded from GET /apps/{appId}/extensions), or IDs from an expression. */
function extensionsField(list: Switch): INodeProperties {
	return {
		displayName: 'Extension Names or IDs',
		name: 'extensions',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getExtensions', loadOptionsDependsOn: ['appId.value'] },
		required: true,
		default: [],
		description: `The extensions to ${list === 'enabled' ? 'enable' : 'disable'}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		routing: { send: { preSend: [sendIds(list)] } },
	};
}

/** The chosen extension IDs: at least one, each an ID (letters, digits, "-", "_"). */
function readIds(context: IExecuteSingleFunctions): string[] {
	const ids = readList(context, 'extensions', FIELD);
	if (ids.length === 0) throw inputError(context, FIELD, 'is empty; choose at least one extension');
	for (const id of ids) {
		const problem = idProblem(id);
		if (problem) throw inputError(context, FIELD, problem);
	}
	return ids;
}

function sendIds(list: Switch) {
	return async function setIds(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.body = { [list]: readIds(this) };
		return requestOptions;
	};
}

/** postReceive: one item per extension asked for, from `data.<list>.<id>` (`{success, message}`). */
function switchResults(list: Switch) {
	const perExtension = perKeyResults('extension', readIds);
	return async function resultsPerExtension(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
		return await perExtension.call(this, items, { ...response, body: { data: data[list] ?? {} } });
	};
}
