import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { resourceProperties, resources } from './resources';
import { chatNodeDescription } from '../shared/node';
import { checkCampaignsCredential } from './transport';
import { searchCampaigns, searchChannels, searchTemplateCategories, searchTemplateCategoryNames, searchTemplates } from './listSearch';
import { searchUsers } from '../shared/chat/listSearch';
import { routedExecute } from '../shared/router';

/**
 * CometChat's notification feed, templates and their categories, channels, push notifications, campaigns and their recipients, template notifications and analytics, on the chat host and
 * credential. A node of its own beside the CometChat node: a product of its own in CometChat's docs,
 * an AI agent gets a distinct tool, and the CometChat node's per-item cost and dropdowns stay as they were.
 */
export class CometChatCampaigns implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat Campaigns',
		name: 'cometChatCampaigns',
		icon: { light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		usableAsTool: true,
		description: 'Send CometChat campaigns and notifications: templates, channels, notification feed and analytics',
		defaults: { name: 'CometChat Campaigns' },
		...chatNodeDescription({ resources, resourceProperties, default: 'campaign', checkCredential: checkCampaignsCredential }),
	};

	methods = {
		listSearch: { searchCampaigns, searchChannels, searchTemplateCategories, searchTemplateCategoryNames, searchTemplates, searchUsers },
	};

	// The description's routing, run over the shown properties only (why: nodes/shared/router.ts).
	execute = routedExecute(this.description);
}
