import type { INodeProperties } from 'n8n-workflow';
import { foldAlikeFields } from '../../shared/fold';
import { apiKeyDescription } from './apiKey';
import { authTokenDescription } from './authToken';
import { bannedUserDescription } from './bannedUser';
import { blockedUserDescription } from './blockedUser';
import { botDescription } from './bot';
import { callDescription } from './call';
import { conversationDescription } from './conversation';
import { dataImportDescription } from './dataImport';
import { friendDescription } from './friend';
import { groupDescription } from './group';
import { groupMemberDescription } from './groupMember';
import { messageDescription } from './message';
import { metricDescription } from './metric';
import { moderatedMessageDescription } from './moderatedMessage';
import { moderationKeywordListDescription } from './moderationKeywordList';
import { moderationReasonDescription } from './moderationReason';
import { moderationRuleDescription } from './moderationRule';
import { notificationContactDescription } from './notificationContact';
import { notificationLogDescription } from './notificationLog';
import { notificationPreferenceDescription } from './notificationPreference';
import { notificationProviderDescription } from './notificationProvider';
import { notificationSettingDescription } from './notificationSetting';
import { pushTokenDescription } from './pushToken';
import { roleDescription } from './role';
import { userDescription } from './user';

/** Every resource: its name in the Resource dropdown, its value, and its operations and fields. */
export const resources: Array<{ name: string; value: string; properties: INodeProperties[] }> = [
	{ name: 'API Key', value: 'apiKey', properties: apiKeyDescription },
	{ name: 'Auth Token', value: 'authToken', properties: authTokenDescription },
	{ name: 'Banned User', value: 'bannedUser', properties: bannedUserDescription },
	{ name: 'Blocked User', value: 'blockedUser', properties: blockedUserDescription },
	{ name: 'Bot', value: 'bot', properties: botDescription },
	{ name: 'Call', value: 'call', properties: callDescription },
	{ name: 'Conversation', value: 'conversation', properties: conversationDescription },
	{ name: 'Data Import', value: 'dataImport', properties: dataImportDescription },
	{ name: 'Friend', value: 'friend', properties: friendDescription },
	{ name: 'Group', value: 'group', properties: groupDescription },
	{ name: 'Group Member', value: 'groupMember', properties: groupMemberDescription },
	{ name: 'Message', value: 'message', properties: messageDescription },
	{ name: 'Metric', value: 'metric', properties: metricDescription },
	{ name: 'Moderated Message', value: 'moderatedMessage', properties: moderatedMessageDescription },
	{ name: 'Moderation Keyword List', value: 'moderationKeywordList', properties: moderationKeywordListDescription },
	{ name: 'Moderation Reason', value: 'moderationReason', properties: moderationReasonDescription },
	{ name: 'Moderation Rule', value: 'moderationRule', properties: moderationRuleDescription },
	{ name: 'Notification Contact', value: 'notificationContact', properties: notificationContactDescription },
	{ name: 'Notification Log', value: 'notificationLog', properties: notificationLogDescription },
	{ name: 'Notification Preference', value: 'notificationPreference', properties: notificationPreferenceDescription },
	{ name: 'Notification Provider', value: 'notificationProvider', properties: notificationProviderDescription },
	{ name: 'Notification Setting', value: 'notificationSetting', properties: notificationSettingDescription },
	{ name: 'Push Token', value: 'pushToken', properties: pushTokenDescription },
	{ name: 'Role', value: 'role', properties: roleDescription },
	{ name: 'User', value: 'user', properties: userDescription },
];

/** Every resource's operations and fields, as the operation files declare them (the build plans their fold from these). */
export const unfoldedProperties = resources.flatMap((resource) => resource.properties);

/** Every resource's operations and fields, with fields that operations show alike folded into one. */
export const resourceProperties = foldAlikeFields(unfoldedProperties);
