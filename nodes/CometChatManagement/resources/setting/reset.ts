import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { appField, appPath } from '../../../shared/management/fields';

// DELETE /apps/{appId}/settings  (no body: "UnMaps settings")  →  {data: {success, message}}
// The spec names no keys for this call, so it unmaps the app's settings as a whole: back to
// CometChat's defaults (INFERRED from "UnMaps settings of an app").
export const reset = defineOperation(
	'setting',
	{
		name: 'Reset',
		value: 'reset',
		action: 'Reset the settings of an app',
		description: 'Unmap the settings of an app, so CometChat\'s defaults apply again',
		routing: {
			request: { method: 'DELETE', url: `=${appPath}/settings` },
			output: { postReceive: [unwrapData] },
		},
	},
	[appField('The app whose settings to reset')],
);
