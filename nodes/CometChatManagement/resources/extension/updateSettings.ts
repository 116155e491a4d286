import { settingsOperation } from './fields';

// PUT /apps/{appId}/extensions/{id}/{v1|v2}/settings  body {settings: {...}} (Stickers: the keys at the top level)
//   →  {data: {…, body: {data: {settings} | {success}}}}
// 27 extensions; the Chat Widget's update names the widget in settings.widgetId.
export const updateSettings = settingsOperation('update', {
	name: 'Update Settings',
	action: 'Update the settings of an extension',
	description: 'Replace an extension\'s settings with the ones given (for the Chat Widget: one widget\'s)',
});
