import type { INodeProperties } from 'n8n-workflow';
import { foldAlikeFields } from '../../shared/fold';
import { analyticsDescription } from './analytics';
import { campaignDescription } from './campaign';
import { channelDescription } from './channel';
import { notificationDescription } from './notification';
import { notificationFeedDescription } from './notificationFeed';
import { pushNotificationDescription } from './pushNotification';
import { templateDescription } from './template';
import { templateCategoryDescription } from './templateCategory';

/**
 * Every resource of the CometChat Campaigns node: its name in the Resource dropdown, its value, and its
 * operations and fields. Adding a resource = one folder under resources/ and one line here.
 */
export const resources: Array<{ name: string; value: string; properties: INodeProperties[] }> = [
	// Analytics: an uncountable noun, singular in use ("analytics shows"); "Analytic" reads as an adjective.
	{ name: 'Analytics', value: 'analytics', properties: analyticsDescription },
	{ name: 'Campaign', value: 'campaign', properties: campaignDescription },
	{ name: 'Channel', value: 'channel', properties: channelDescription },
	{ name: 'Notification Feed', value: 'notificationFeed', properties: notificationFeedDescription },
	{ name: 'Push Notification', value: 'pushNotification', properties: pushNotificationDescription },
	{ name: 'Template', value: 'template', properties: templateDescription },
	{ name: 'Template Category', value: 'templateCategory', properties: templateCategoryDescription },
	{ name: 'Template Notification', value: 'notification', properties: notificationDescription },
];

/** Every resource's operations and fields, as the operation files declare them (the build plans their fold from these). */
export const unfoldedProperties = resources.flatMap((resource) => resource.properties);

/** Every resource's operations and fields, with fields that operations show alike folded into one. */
export const resourceProperties = foldAlikeFields(unfoldedProperties);
