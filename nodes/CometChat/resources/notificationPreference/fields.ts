import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { DAYS, hhmmProblem, readDateMillis } from '../../../shared/dates';
import { describeValue, inputError, isObject, readBoolean, readChoice, readIdList } from '../../../shared/validate';
import { compareNames } from '../../../shared/sort';

// A user's notification preferences (PATCH /notifications/v1/preferences?uid, spec pnUpdatePreferences):
// one switch per event, in CometChat's codes (1 don't notify, 2 notify, 3 mentions only / all reactions).

const TWO_WAY: INodePropertyOptions[] = [
	{ name: 'Don\'t Notify', value: 1 },
	{ name: 'Notify', value: 2 },
];
const MESSAGES: INodePropertyOptions[] = [
	{ name: 'Don\'t Notify', value: 1 },
	{ name: 'Notify for All', value: 2 },
	{ name: 'Notify for Mentions Only', value: 3 },
];
const REACTIONS: INodePropertyOptions[] = [
	{ name: 'Don\'t Notify', value: 1 },
	{ name: 'Notify for All Messages', value: 3, description: 'Reactions to any message of the conversation' },
	{ name: 'Notify for Own Messages', value: 2, description: 'Reactions to the user\'s own messages' },
];

interface Switch {
	/** Body key, in its section. */
	key: string;
	section: 'groupPreferences' | 'oneOnOnePreferences';
	displayName: string;
	options: INodePropertyOptions[];
	what: string;
}

const SWITCHES: Switch[] = [
	{ key: 'groupMemberAdded', section: 'groupPreferences', displayName: 'Group Member Added', options: TWO_WAY, what: 'a member is added to a group' },
	{ key: 'groupMemberBanned', section: 'groupPreferences', displayName: 'Group Member Banned', options: TWO_WAY, what: 'a member is banned from a group' },
	{ key: 'groupMemberJoined', section: 'groupPreferences', displayName: 'Group Member Joined', options: TWO_WAY, what: 'someone joins a group' },
	{ key: 'groupMemberKicked', section: 'groupPreferences', displayName: 'Group Member Kicked', options: TWO_WAY, what: 'a member is kicked from a group' },
	{ key: 'groupMemberLeft', section: 'groupPreferences', displayName: 'Group Member Left', options: TWO_WAY, what: 'a member leaves a group' },
	{ key: 'groupMemberScopeChanged', section: 'groupPreferences', displayName: 'Group Member Scope Changed', options: TWO_WAY, what: 'a member\'s scope changes' },
	{ key: 'groupMemberUnbanned', section: 'groupPreferences', displayName: 'Group Member Unbanned', options: TWO_WAY, what: 'a member is unbanned' },
	{ key: 'groupMessages', section: 'groupPreferences', displayName: 'Group Messages', options: MESSAGES, what: 'a group message arrives' },
	{ key: 'groupQuotedReplies', section: 'groupPreferences', displayName: 'Group Quoted Replies', options: MESSAGES, what: 'a quoted reply arrives in a group' },
	{ key: 'groupReactions', section: 'groupPreferences', displayName: 'Group Reactions', options: REACTIONS, what: 'someone reacts in a group' },
	{ key: 'groupReplies', section: 'groupPreferences', displayName: 'Group Replies', options: MESSAGES, what: 'a thread reply arrives in a group' },
	{ key: 'oneOnOneMessages', section: 'oneOnOnePreferences', displayName: 'One-on-One Messages', options: MESSAGES, what: 'a one-on-one message arrives' },
	{ key: 'oneOnOneQuotedReplies', section: 'oneOnOnePreferences', displayName: 'One-on-One Quoted Replies', options: MESSAGES, what: 'a one-on-one quoted reply arrives' },
	{ key: 'oneOnOneReactions', section: 'oneOnOnePreferences', displayName: 'One-on-One Reactions', options: REACTIONS, what: 'someone reacts in a one-on-one conversation' },
	{ key: 'oneOnOneReplies', section: 'oneOnOnePreferences', displayName: 'One-on-One Replies', options: MESSAGES, what: 'a one-on-one thread reply arrives' },
];

const DAY_OPTIONS: INodePropertyOptions[] = DAYS.map((day) => ({ name: day[0].toUpperCase() + day.slice(1), value: day })).sort((a, b) =>
	compareNames(a.name, b.name),
);

/** The Update Fields of Notification Preference → Update (sorted by name). */
export const preferenceFields: INodeProperties[] = [
	{
		displayName: 'Do Not Disturb',
		name: 'dnd',
		type: 'boolean',
		default: true,
		description: 'Whether the user gets no notifications at all until this is turned off again',
	},
	...SWITCHES.map(
		({ key, displayName, options, what }): INodeProperties => ({
			displayName,
			name: key,
			type: 'options',
			options,
			default: 2,
			description: `Whether the user is notified when ${what}`,
		}),
	),
	// INFERRED: From/To bound the hours notifications arrive, and dnd silences the day; the spec gives
	// only the shape ({<day>: {from, to, dnd}}, HHMM from 0 to 2359).
	{
		displayName: 'Schedule',
		name: 'schedule',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		default: {},
		placeholder: 'Add Day',
		description: 'When notifications arrive on each day, in the user\'s time zone (Notification Preference → Update Timezone). Days left out keep their hours.',
		options: [
			{
				displayName: 'Day',
				name: 'days',
				values: [
					{ displayName: 'Day', name: 'day', type: 'options', options: DAY_OPTIONS, default: 'monday', description: 'Day of the week' },
					{
						displayName: 'Do Not Disturb',
						name: 'dnd',
						type: 'boolean',
						default: false,
						description: 'Whether the user gets no notifications on this day',
					},
					{
						displayName: 'From',
						name: 'from',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 2359 },
						default: 0,
						description: 'Start of the hours with notifications, as HHMM: 900 is 09:00, 0 is midnight',
					},
					{
						displayName: 'To',
						name: 'to',
						type: 'number',
						typeOptions: { minValue: 0, maxValue: 2359 },
						default: 2359,
						description: 'End of the hours with notifications, as HHMM: 1830 is 18:30, 2359 the end of the day',
					},
				],
			},
		],
	},
	{
		displayName: 'Use Privacy Template',
		name: 'usePrivacyTemplate',
		type: 'boolean',
		default: true,
		description: 'Whether the user\'s notifications hide message content (the privacy templates); the app\'s Template Mode must let users choose',
	},
];

/** preSend of Update: the preferences body from the fields added; at least one. */
export async function buildPreferences(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const added = this.getNodeParameter('updateFields', {}) as IDataObject;
	const path = (name: string) => `updateFields.${name}`;
	const body: IDataObject = {};
	for (const { key, section, displayName, options } of SWITCHES) {
		if (added[key] === undefined) continue;
		const value = Number(readChoice(this, path(key), displayName, options));
		body[section] = { ...(body[section] as IDataObject | undefined), [key]: value };
	}
	const mute: IDataObject = {};
	if (added.dnd !== undefined) mute.dnd = readBoolean(this, path('dnd'), 'Do Not Disturb') ? 2 : 1;
	if (added.schedule !== undefined) mute.schedule = readSchedule(this, added.schedule);
	if (Object.keys(mute).length) body.mutePreferences = mute;
	if (added.usePrivacyTemplate !== undefined) body.usePrivacyTemplate = readBoolean(this, path('usePrivacyTemplate'), 'Use Privacy Template');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a preference to change.');
	requestOptions.body = body;
	return requestOptions;
}

/** Schedule entries → {monday: {from, to, dnd}, ...}; each day once. */
function readSchedule(context: IExecuteSingleFunctions, raw: unknown): IDataObject {
	const fix = 'Add a day with its From and To times (HHMM).';
	const days = isObject(raw) ? raw.days : undefined;
	const entries = days === undefined ? [] : Array.isArray(days) ? days : [days];
	const schedule: IDataObject = {};
	entries.forEach((entry, index) => {
		const where = `day ${index + 1}`;
		if (!isObject(entry)) throw inputError(context, 'Schedule', `${where} must be an object, not ${describeValue(entry)}`, fix);
		const day = entry.day;
		if (typeof day !== 'string' || !DAYS.includes(day)) {
			throw inputError(context, 'Schedule', `${where}: Day must be one of ${DAYS.join(', ')}`, fix);
		}
		if (schedule[day] !== undefined) throw inputError(context, 'Schedule', `${day} is given twice`, fix);
		const hours: IDataObject = {};
		for (const key of ['from', 'to'] as const) {
			const problem = hhmmProblem(entry[key]);
			if (problem) throw inputError(context, 'Schedule', `${day}: ${key === 'from' ? 'From' : 'To'} ${problem}`, fix);
			hours[key] = entry[key];
		}
		if (typeof entry.dnd !== 'boolean') throw inputError(context, 'Schedule', `${day}: Do Not Disturb must be true or false`, fix);
		hours.dnd = entry.dnd;
		schedule[day] = hours;
	});
	if (Object.keys(schedule).length === 0) throw inputError(context, 'Schedule', 'has no day', fix);
	return schedule;
}

// What Mute and Unmute share: the kind of conversation and the UIDs or GUIDs, sent as
// {conversations: [{id, type, until?}]}.

const CONVERSATION_TYPES: INodePropertyOptions[] = [
	{ name: 'Group', value: 'group', description: 'Group conversations, by GUID' },
	{ name: 'One-on-One', value: 'oneOnOne', description: 'Conversations with other users, by UID' },
];

/** Mute's and Unmute's conversations (one wording, so that n8n reads them as one field: fold.ts). */
export const conversationFields: INodeProperties[] = [
	{
		displayName: 'Conversation Type',
		name: 'conversationType',
		type: 'options',
		options: CONVERSATION_TYPES,
		default: 'oneOnOne',
		description: 'Whether the conversations are one-on-one or group conversations',
	},
	{
		displayName: 'Conversations',
		name: 'conversations',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. cometchat-uid-2, cometchat-guid-1',
		description: 'UIDs of the other users (One-on-One) or GUIDs of the groups: a comma-separated list, or an array from an expression',
	},
];

/** preSend: {conversations: [{id, type, until?}]}; `withUntil` reads Mute's Until option (sent as Unix milliseconds). */
export function buildConversations({ withUntil }: { withUntil: boolean }) {
	return async function sendConversations(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const type = readChoice(this, 'conversationType', 'Conversation Type', CONVERSATION_TYPES);
		const ids = readIdList(this, 'conversations', 'Conversations');
		let until: number | undefined;
		if (withUntil && (this.getNodeParameter('options', {}) as IDataObject).until !== undefined) {
			until = readDateMillis(this, 'options.until', 'Until', { required: true });
			// The spec asks for "a valid timestamp from the future".
			if (until !== undefined && until <= Date.now()) throw inputError(this, 'Until', 'is in the past; give a time from the future', 'Leave Until out to mute until Unmute.');
		}
		requestOptions.body = { conversations: ids.map((id) => ({ id, type, ...(until !== undefined ? { until } : {}) })) };
		return requestOptions;
	};
}
