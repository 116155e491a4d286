import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import {
	MANAGEMENT_CREDENTIAL,
	checkManagementCredential,
	managementSecretSource,
	throwOnManagementError,
} from '../shared/management/transport';
import { cometChatNodeBase, resourceRouting } from '../shared/node';
import { retrySettings } from '../shared/retry';
import { routedExecute } from '../shared/router';
import { searchApps, searchWebhooks } from './listSearch';
import { resourceProperties, resources } from './resources';
import { getExtensions } from './loadOptions';

/**
 * CometChat's management (multi-tenancy) API: apps, their webhooks and triggers, settings, team,
 * extensions, tenants. A node of its own beside the CometChat node: another host, another credential
 * (key and secret), and for an AI agent a distinct tool.
 */
export class CometChatManagement implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat Management',
		name: 'cometChatManagement',
		icon: { light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		usableAsTool: true,
		description: 'Manage CometChat apps, webhooks, settings, extensions and teams with the Management API',
		defaults: { name: 'CometChat Management' },
		...cometChatNodeBase(MANAGEMENT_CREDENTIAL, managementSecretSource, [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resources.map(({ name, value }) => ({ name, value })),
				default: 'app',
				routing: resourceRouting(checkManagementCredential, throwOnManagementError),
			},
			...resourceProperties,
			retrySettings,
		]),
	};

	methods = {
		listSearch: { searchApps, searchWebhooks },
		loadOptions: { getExtensions },
	};

	// The description's routing, run over the shown properties only (why: nodes/shared/router.ts).
	execute = routedExecute(this.description);
}
