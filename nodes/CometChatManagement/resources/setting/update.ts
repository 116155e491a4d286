import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { perKeyResults } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { inputError, readJsonObject } from '../../../shared/validate';
import { appField, appPath } from '../../../shared/management/fields';

// POST /apps/{appId}/settings  body {settings: {<key>: boolean}}  ("Maps Settings")
//   →  {data: {<key>: {success, message}}}  →  one item per setting {setting, success, message}
export const update = defineOperation(
	'setting',
	{
		name: 'Update',
		value: 'update',
		action: 'Update the settings of an app',
		description: 'Switch settings of an app on or off; one output item per setting says whether CometChat applied it',
		routing: {
			request: { method: 'POST', url: `=${appPath}/settings` },
			output: { postReceive: [perKeyResults('setting', (context) => Object.keys(readSettings(context)))] },
		},
	},
	[
		appField('The app whose settings to change'),
		{
			displayName: 'Settings (JSON)',
			name: 'settings',
			type: 'json',
			required: true,
			default: '{\n  "core.conversations.updateOnReplies": true\n}',
			description: 'Setting keys and their new values (true or false), e.g. {"core.conversations.updateOnCallActivity": false}. Setting → Get shows the keys.',
			routing: {
				send: {
					preSend: [
						async function setSettings(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
							requestOptions.body = { ...(requestOptions.body as IDataObject), settings: readSettings(this) };
							return requestOptions;
						},
					],
				},
			},
		},
	],
);

/** The Settings JSON: a non-empty object of booleans (spec: additionalProperties boolean). */
function readSettings(context: IExecuteSingleFunctions): IDataObject {
	const settings = readJsonObject(context, 'settings', 'Settings (JSON)');
	const keys = Object.keys(settings);
	if (keys.length === 0) throw inputError(context, 'Settings (JSON)', 'is empty; give at least one setting, e.g. {"core.conversations.updateOnReplies": true}');
	for (const key of keys) {
		if (key.trim() === '') throw inputError(context, 'Settings (JSON)', 'has an empty setting key');
		if (typeof settings[key] !== 'boolean') {
			throw inputError(context, 'Settings (JSON)', `"${key.slice(0, 80)}" must be true or false, not ${JSON.stringify(settings[key])?.slice(0, 40)}`);
		}
	}
	return settings;
}
