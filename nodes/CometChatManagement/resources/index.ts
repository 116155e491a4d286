import type { INodeProperties } from 'n8n-workflow';
import { foldAlikeFields } from '../../shared/fold';
import { appDescription } from './app';
import { collaboratorDescription } from './collaborator';
import { extensionDescription } from './extension';
import { settingDescription } from './setting';
import { tenantDescription } from './tenant';
import { webhookDescription } from './webhook';
import { webhookTriggerDescription } from './webhookTrigger';

/**
 * Every resource of the CometChat Management node: its name in the Resource dropdown, its value, and
 * its operations and fields. Adding a resource = one folder under resources/ and one line here.
 */
export const resources: Array<{ name: string; value: string; properties: INodeProperties[] }> = [
	{ name: 'App', value: 'app', properties: appDescription },
	{ name: 'Collaborator', value: 'collaborator', properties: collaboratorDescription },
	{ name: 'Extension', value: 'extension', properties: extensionDescription },
	{ name: 'Setting', value: 'setting', properties: settingDescription },
	{ name: 'Tenant', value: 'tenant', properties: tenantDescription },
	{ name: 'Webhook', value: 'webhook', properties: webhookDescription },
	{ name: 'Webhook Trigger', value: 'webhookTrigger', properties: webhookTriggerDescription },
];

/** Every resource's operations and fields, as the operation files declare them (the build plans their fold from these). */
export const unfoldedProperties = resources.flatMap((resource) => resource.properties);

/** Every resource's operations and fields, with fields that operations show alike folded into one. */
export const resourceProperties = foldAlikeFields(unfoldedProperties);
