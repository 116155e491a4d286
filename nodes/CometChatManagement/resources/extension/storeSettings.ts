import { settingsOperation } from './fields';

// POST /apps/{appId}/extensions/{id}/{v1|v2}/settings  body {settings: {...}}  →  {data: {…, body: {data: {settings} | {success} | {widgetId}}}}
// 25 extensions (all with settings but Stickers and Data Masking, which the spec only updates).
export const storeSettings = settingsOperation('store', {
	name: 'Store Settings',
	action: 'Store the settings of an extension',
	description: 'Save an extension\'s settings for the first time (for the Chat Widget: create a widget)',
});
