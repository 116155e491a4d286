/**
 * The CometChat Campaigns node's description: what saved workflows depend on, n8n's UX rules for its
 * words, and what an AI agent is told each operation does when the node is one of its tools.
 */
import type { INodeProperties } from 'n8n-workflow';
import { aiAgentsNodeType, campaignsNode, nodeType } from '../harness';
import { expectSavedParameters, expectUxRules, optionsOf } from '../helpers';
import { operationNames, textProblems, toolSentences } from '../shared/uxText';

const type = campaignsNode.nodeType;
const description = type.description;
const properties = description.properties;
const fieldOf = (name: string, resource: string): INodeProperties =>
	properties.find((p) => p.name === name && p.displayOptions?.show?.resource?.includes(resource))!;

describe('CometChat Campaigns node description', () => {
	it('is its own node and AI tool on the chat credential, with a picker per record it names', () => {
		expect(description.name).toBe('cometChatCampaigns');
		expect(description.displayName).toBe('CometChat Campaigns');
		expect(description.defaults.name).toBe('CometChat Campaigns');
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials).toEqual([{ name: 'cometChatApi', required: true }]);
		expect(Object.keys(type.methods?.listSearch ?? {}).sort()).toEqual(['searchCampaigns', 'searchChannels', 'searchTemplateCategories', 'searchTemplateCategoryNames', 'searchTemplates', 'searchUsers']);
	});

	it('keeps the resource/operation values and parameter names saved workflows depend on', () => {
		const contract: Record<string, Record<string, string[]>> = {
			analytics: {
				getCampaign: ['campaignId', 'filters'],
				getChannels: ['filters'],
				getOverview: ['filters'],
				getTemplate: ['templateId', 'filters'],
				getUser: ['userId', 'filters'],
			},
			campaign: {
				addRecipients: ['campaignId', 'userIds', 'options'],
				cancel: ['campaignId'],
				create: ['name', 'templateId', 'templateVersion', 'options'],
				delete: ['campaignId'],
				get: ['campaignId'],
				getAll: ['returnAll', 'limit', 'filters'],
				getImportStatus: ['campaignId'],
				getRecipients: ['campaignId', 'returnAll', 'limit', 'filters'],
				getRecipientSummary: ['campaignId'],
				getSequenceMetrics: ['campaignId'],
				schedule: ['campaignId', 'scheduledAt'],
				send: ['campaignId'],
				update: ['campaignId', 'updateFields'],
				uploadRecipients: ['campaignId', 'binaryPropertyName'],
			},
			channel: {
				create: ['name', 'type', 'options'],
				get: ['channelId'],
				getAll: ['returnAll', 'limit', 'filters'],
				getAvailability: [],
				update: ['channelId', 'updateFields'],
			},
			notification: {
				send: ['templateId', 'receivers', 'options'],
			},
			notificationFeed: {
				delete: ['feedItemId', 'options'],
				get: ['feedItemId', 'options'],
				getAll: ['returnAll', 'limit', 'filters', 'options'],
				getUnreadCount: ['templateCategory', 'options'],
				markAsDelivered: ['feedItemId', 'options'],
				markAsRead: ['feedItemId', 'options'],
				reportEngagement: ['feedItemId', 'options'],
			},
			pushNotification: {
				get: ['pushNotificationId', 'options'],
				getAll: ['limit', 'options'],
				markClicked: ['pushNotificationId', 'options'],
				markDelivered: ['pushNotificationId', 'options'],
				reportEngagement: ['pushNotificationId', 'options'],
			},
			template: {
				archive: ['templateId'],
				create: ['name', 'channels', 'options'],
				createVersion: ['templateId'],
				get: ['templateId'],
				getAll: ['returnAll', 'limit', 'filters'],
				update: ['templateId', 'updateFields'],
				updateChannelContent: ['templateId', 'channelType', 'content'],
			},
			templateCategory: {
				create: ['name', 'options'],
				delete: ['categoryId'],
				get: ['categoryId'],
				getAll: ['returnAll', 'limit', 'filters'],
				update: ['categoryId', 'updateFields'],
			},
		};
		expectSavedParameters(properties, contract);
		const defaults = Object.fromEntries(properties.filter((p) => p.name === 'operation').map((p) => [p.displayOptions?.show?.resource?.[0], p.default]));
		expect(defaults).toEqual({ analytics: 'getOverview', campaign: 'getAll', channel: 'getAll', notification: 'send', notificationFeed: 'getAll', pushNotification: 'getAll', template: 'getAll', templateCategory: 'getAll' });
	});

	it("follows n8n's UX rules: sorted resources and actions, relative URLs, defaults, Whether-booleans", () => {
		const resource = properties.find((p) => p.name === 'resource')!;
		expect(optionsOf(resource).map((o) => o.name)).toEqual([...optionsOf(resource).map((o) => o.name)].sort((a, b) => a.localeCompare(b)));
		expectUxRules(properties);
	});

	it("words its resources, operations and fields as n8n's guidelines ask, and names only operations that exist", () => {
		expect(textProblems(type, operationNames([nodeType, aiAgentsNodeType, type]))).toEqual([]);
	});

	it('tells an AI agent what each operation does, one distinct sentence per tool', () => {
		expect(description.description).toBe('Send CometChat campaigns and notifications: templates, channels, notification feed and analytics');
		const sentences = toolSentences(description);
		expect(sentences).toHaveLength(49);
		for (const { action, sentence } of sentences) expect(sentence).toBe(`${action} in CometChat Campaigns`);
		expect(new Set(sentences.map((s) => s.sentence)).size).toBe(sentences.length);
		const said = Object.fromEntries(sentences.map((s) => [`${s.resource}.${s.operation}`, s.sentence]));
		expect(said).toMatchObject({
			'notification.send': 'Send a template notification in CometChat Campaigns',
			'campaign.create': 'Create a campaign in CometChat Campaigns',
			'campaign.send': 'Send a campaign in CometChat Campaigns',
			'notificationFeed.getUnreadCount': 'Count unread feed items in CometChat Campaigns',
		});
	});

	it('says where the IDs an operation needs come from: a picker, or the list that shows them', () => {
		for (const [name, resource] of [['templateId', 'template'], ['campaignId', 'campaign'], ['channelId', 'channel'], ['categoryId', 'templateCategory']]) {
			expect([name, fieldOf(name, resource).type]).toEqual([name, 'resourceLocator']);
		}
		// No picker for these: the list they come from is named, so an agent (or a person) knows where to look.
		expect(fieldOf('feedItemId', 'notificationFeed').description).toBe('The ID of the feed item, as Notification Feed → Get Many lists it');
		expect(fieldOf('pushNotificationId', 'pushNotification').description).toBe('The ID of the push notification, as Push Notification → Get Many lists it');
	});
});
