import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readId } from '../../../shared/validate';
import { readDateMillis } from '../../../shared/dates';
import { readMessageId } from '../../../shared/messageId';
import { paginateByCursor, returnAllOrLimitByCursor } from '../../../shared/pagination';
import { nextLogCursor } from './fields';
import { compareNames } from '../../../shared/sort';

// GET /notifications/v1/logs?<filters>&affix&logId  →  {data: [log...], meta: {previous, current{limit, count}, next}}
//   →  one item per log: {_id, channel, provider, messageId, trigger, sender, receiver, receiverType, member,
//   tokenType, pushToken, providerId, payload, notificationTriggered, reason?, ...AtMS (Unix ms)}
// Left out: the messageCategory filter, whose one value (message) every message log has.

const TRIGGERS: Array<[string, string]> = [
	['after_message', 'Message Sent'],
	['message_deleted', 'Message Deleted'],
	['message_edited', 'Message Edited'],
	['message_reaction_added', 'Reaction Added'],
	['initiated', 'Call Initiated'],
	['rejected', 'Call Rejected'],
	['cancelled', 'Call Cancelled'],
	['unanswered', 'Call Unanswered'],
	['after_group_joined', 'Member Joined'],
	['after_group_left', 'Member Left'],
	['after_group_members_added', 'Members Added'],
	['after_group_members_kicked', 'Members Kicked'],
	['after_group_members_banned', 'Members Banned'],
	['after_group_members_unbanned', 'Members Unbanned'],
	['after_scope_changed', 'Member Scope Changed'],
];

const REASONS = [
	'MESSAGES_PREFERENCE',
	'REPLIES_PREFERENCE',
	'QUOTED_REPLIES_PREFERENCE',
	'MESSAGE_ACTIONS_PREFERENCE',
	'REACTIONS_PREFERENCE',
	'GROUP_ACTIONS_PREFERENCE',
	'DND_PREFERENCE',
	'MUTE_PREFERENCE',
	'SCHEDULE_PREFERENCE',
	'CALL_PREFERENCE',
	'QUOTA_PREFERENCE',
	'MISSING_EMAIL',
	'MISSING_PHNO',
	'INVALID_PUSH_PROVIDER_ID',
	'TIMED_OUT',
	'NOT_FOUND',
	'TWILIO_CREATE_ERROR',
];
const WORDS: Record<string, string> = { DND: 'DND', ID: 'ID', PHNO: 'Phone Number' };
/** MISSING_PHNO → "Missing Phone Number". */
const reasonName = (value: string) =>
	value
		.split('_')
		.map((word) => WORDS[word] ?? word[0] + word.slice(1).toLowerCase())
		.join(' ');

const sorted = (options: INodePropertyOptions[]) => options.sort((a, b) => compareNames(a.name, b.name));

function choiceFilter(name: string, displayName: string, options: INodePropertyOptions[], description: string): INodeProperties {
	const first = options[0].value;
	return {
		displayName,
		name,
		type: 'options',
		options,
		default: first,
		description,
		routing: { send: { type: 'query', property: name } },
	};
}

/** A filter read in code (checked before any request) and sent as the query parameter `name`. */
function checkedFilter(
	property: Pick<INodeProperties, 'displayName' | 'name' | 'type' | 'default' | 'description'> & { placeholder?: string },
	read: (context: IExecuteSingleFunctions, path: string, field: string) => string | number | undefined,
): INodeProperties {
	const { name, displayName } = property;
	return {
		...property,
		routing: {
			send: {
				preSend: [
					async function sendFilter(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
						requestOptions.qs = { ...requestOptions.qs, [name]: read(this, `filters.${name}`, displayName) };
						return requestOptions;
					},
				],
			},
		},
	};
}

/** A filter by UID (or GUID). */
const idFilter = (name: string, displayName: string, description: string) =>
	checkedFilter({ name, displayName, description, type: 'string', default: '', placeholder: 'e.g. cometchat-uid-1' }, readId);

/** A filter by a message or reaction ID (digits). */
const numberFilter = (name: string, displayName: string, description: string) =>
	checkedFilter({ name, displayName, description, type: 'string', default: '', placeholder: 'e.g. 3939' }, readMessageId);

/** A time filter, sent as Unix milliseconds [SPEC]. Added but empty is refused rather than dropped. */
const dateFilter = (name: string, displayName: string, description: string) =>
	checkedFilter({ name, displayName, description, type: 'dateTime', default: '' }, (context, path, field) => readDateMillis(context, path, field, { required: true }));

const FILTERS: INodeProperties[] = [
	choiceFilter('channel', 'Channel', sorted([{ name: 'Email', value: 'email' }, { name: 'Push', value: 'push' }, { name: 'SMS', value: 'sms' }]), 'Only notifications sent by push, e-mail or SMS'),
	dateFilter('from', 'From', 'Only logs of messages sent at or after this time (sent as a Unix timestamp in milliseconds)'),
	idFilter('member', 'Member', 'Only notifications to this group member (UID), for group messages'),
	numberFilter('messageId', 'Message ID', 'Only notifications about this message or reply'),
	{
		displayName: 'Message Type',
		name: 'messageType',
		type: 'string',
		default: '',
		placeholder: 'e.g. text',
		description: 'Only notifications about messages of this type, such as text, image or a custom type',
		routing: { send: { type: 'query', property: 'messageType' } },
	},
	{
		displayName: 'Notification Triggered',
		name: 'notificationTriggered',
		type: 'boolean',
		default: true,
		description: 'Whether to return only notifications handed to the provider (on) or only those held back by a preference (off; Reason says why)',
		routing: { send: { type: 'query', property: 'notificationTriggered' } },
	},
	choiceFilter(
		'provider',
		'Provider',
		sorted(['apns', 'custom', 'fcm', 'sendgrid', 'twilio'].map((value) => ({ name: { apns: 'APNs', fcm: 'FCM', sendgrid: 'SendGrid' }[value] ?? value[0].toUpperCase() + value.slice(1), value }))),
		'Only notifications sent through this provider',
	),
	numberFilter('reactionId', 'Reaction ID', 'Only notifications about this reaction'),
	idFilter('reactionReceiver', 'Reaction Receiver', 'Only reaction notifications to this user (UID)'),
	idFilter('reactionSender', 'Reaction Sender', 'Only notifications about reactions by this user (UID)'),
	choiceFilter('reason', 'Reason', sorted(REASONS.map((value) => ({ name: reasonName(value), value }))), 'Only notifications held back for this reason'),
	idFilter('receiver', 'Receiver', 'Only notifications about messages to this user or group (UID or GUID)'),
	choiceFilter('receiverType', 'Receiver Type', [{ name: 'Group', value: 'group' }, { name: 'User', value: 'user' }], 'Only notifications about one-on-one or group messages'),
	idFilter('sender', 'Sender', 'Only notifications about messages from this user (UID)'),
	{
		displayName: 'Success',
		name: 'success',
		type: 'boolean',
		default: true,
		description: 'Whether to return only notifications the provider accepted (on) or only those it refused (off)',
		routing: { send: { type: 'query', property: 'success' } },
	},
	dateFilter('to', 'To', 'Only logs of messages sent at or before this time (sent as a Unix timestamp in milliseconds)'),
	choiceFilter('trigger', 'Trigger', sorted(TRIGGERS.map(([value, name]) => ({ name, value }))), 'Only notifications caused by this event'),
];

// The logs page by their own cursor (no page size is sent: the spec gives none).
const walkLogs = paginateByCursor({ sizeParam: null, nextCursor: nextLogCursor });

export const getAll = defineOperation(
	'notificationLog',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many notification logs',
		description: 'List the notifications CometChat sent or held back, and why, with filters',
		routing: {
			request: { method: 'GET', url: '/notifications/v1/logs' },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimitByCursor(walkLogs), filtersCollection(FILTERS)],
);
