import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { DAYS, hhmmProblem } from '../../../shared/dates';
import { inputError, isObject, readBoolean, readChoice, readJsonObject, readText } from '../../../shared/validate';

// The app's notification settings (PATCH /notifications/v1/settings, spec pnSettingSchema): what each
// section of the Preferences and Templates JSON may hold, so that a typo is caught before CometChat
// sees it. Numbers are CometChat's codes: 1 = don't notify, 2 = notify (all), 3 = mentions only (for
// reactions: reactions on all messages).

type Kind = 'boolean' | 'integer' | 'object' | 'schedule' | number[];

const NOTIFY: number[] = [1, 2];
const NOTIFY_OR_MENTIONS: number[] = [1, 2, 3];

/** A conversation section: the spec's `<event>Setting` codes and `<event>Override` switches (may users change it). */
function conversationSection(threeWay: string[], twoWay: string[], overridable: string[]): Record<string, Kind> {
	const section: Record<string, Kind> = {};
	for (const event of threeWay) section[`${event}Setting`] = NOTIFY_OR_MENTIONS;
	for (const event of twoWay) section[`${event}Setting`] = NOTIFY;
	for (const event of overridable) section[`${event}Override`] = 'boolean';
	return section;
}

const MEMBER_EVENTS = ['memberLeft', 'memberAdded', 'memberJoined', 'memberKicked', 'memberBanned', 'memberUnbanned', 'memberScopeChanged'];
const DIGEST: Record<string, Kind> = { notifyForUnreadOnly: 'boolean', intervalInSeconds: 'integer', maxPerDay: 'integer', maxPerDayPerConversation: 'integer' };
const CALL_EVENTS = ['initiated', 'ongoing', 'cancelled', 'busy', 'rejected', 'unanswered', 'ended'];

const PREFERENCES: Record<string, Record<string, Kind> | 'boolean'> = {
	bypassPreferencesForMentions: 'boolean',
	call: {
		...conversationSection([], CALL_EVENTS, []),
		// Not in the spec's update body, but in what Get returns: a Get → Update round trip sends them.
		...conversationSection([], [], CALL_EVENTS),
	},
	email: DIGEST,
	group: conversationSection(
		['messages', 'replies', 'quotedReplies', 'reactions'],
		[...MEMBER_EVENTS, 'messageEdited', 'messageDeleted'],
		['messages', 'replies', 'quotedReplies', 'reactions', ...MEMBER_EVENTS],
	),
	mute: {
		// dndPreferenceSetting is not in the spec's update body either, but Get returns it (1 off, 2 on).
		dndPreferenceSetting: NOTIFY,
		dndPreferenceOverride: 'boolean',
		mutedGroupsOverride: 'boolean',
		mutedOneOnOnesOverride: 'boolean',
		schedulePreferenceSetting: 'schedule',
		schedulePreferenceOverride: 'boolean',
	},
	oneOnOne: conversationSection(
		['messages', 'replies', 'quotedReplies', 'reactions'],
		['messageEdited', 'messageDeleted'],
		['messages', 'replies', 'quotedReplies', 'reactions'],
	),
	push: {
		includeMessageObjectSetting: 'boolean',
		includeSenderMetadataSetting: 'boolean',
		includeReceiverMetadataSetting: 'boolean',
		trimTextFieldSetting: 'boolean',
		includeMessageMetadataSetting: 'boolean',
		customJson: 'object',
	},
	sms: DIGEST,
};

// Each template: the texts it may hold ({{...}} placeholders are CometChat's, sent as written).
const TITLES = ['titleOneOnOne', 'titleGroup'];
const WITH_FALLBACK = [...TITLES, 'body', 'body_fallback'];
const TEMPLATE_TEXTS: Record<string, string[]> = {
	textMessageTemplate: [...TITLES, 'body'],
	mediaMessageTemplate: [...TITLES, 'body_image', 'body_audio', 'body_video', 'body_file'],
	pollMessageTemplate: WITH_FALLBACK,
	reminderMessageTemplate: WITH_FALLBACK,
	customMessageTemplate: WITH_FALLBACK,
	emailSubjectTemplate: ['subjectGroup', 'subjectOneOnOne'],
	smsContentTemplate: ['bodyGroup', 'bodyOneOnOne'],
	userMentionTemplate: [...TITLES, 'bodyOneOnOne', 'bodyGroup', 'body_fallback'],
	groupMentionTemplate: ['titleGroup', 'body', 'body_fallback'],
};
const TEMPLATES: Record<string, string[]> = Object.fromEntries(
	Object.entries(TEMPLATE_TEXTS).flatMap(([name, texts]) => [
		[`${name}Default`, texts],
		[`${name}Privacy`, texts],
	]),
);

/** "Template Mode": templates.usePrivacyTemplate. */
export const TEMPLATE_MODES = [
	{ name: 'Default Templates', value: 1, description: 'Notifications show the message' },
	{ name: 'Default, Users May Choose Privacy', value: 3, description: 'Default templates, unless a user turns on Use Privacy Template' },
	{ name: 'Privacy Templates', value: 2, description: 'Notifications hide the message\'s content' },
];

const PREFERENCES_EXAMPLE = '{"group": {"messagesSetting": 3}, "call": {"initiatedSetting": 2}}';
const TEMPLATES_EXAMPLE = '{"textMessageTemplateDefault": {"titleGroup": "{{message.data.entities.sender.entity.name}} in {{message.data.entities.receiver.entity.name}}"}}';

/** The Update Fields of Notification Setting → Update (sorted by name). */
export const settingFields: INodeProperties[] = [
	{
		displayName: 'Bypass Preferences for Mentions',
		name: 'bypassPreferencesForMentions',
		type: 'boolean',
		default: false,
		description: 'Whether users are notified of messages that mention them even where their preferences or mutes would stop it',
	},
	{
		displayName: 'Call Sound',
		name: 'callSound',
		type: 'string',
		default: '',
		placeholder: 'e.g. default',
		description: 'Sound of call notifications: "default" or the name of a sound file in your app',
	},
	{
		displayName: 'Chat Sound',
		name: 'chatSound',
		type: 'string',
		default: '',
		placeholder: 'e.g. default',
		description: 'Sound of message notifications: "default" or the name of a sound file in your app',
	},
	{
		displayName: 'Preferences (JSON)',
		name: 'preferences',
		type: 'json',
		default: '{}',
		description: `The app's default preferences to change, by section (group, oneOnOne, call, mute, email, sms, push), as Get returns them; only the settings given change. Codes: 1 don't notify, 2 notify, 3 mentions only. E.g. ${PREFERENCES_EXAMPLE}.`,
	},
	{
		displayName: 'Template Mode',
		name: 'usePrivacyTemplate',
		type: 'options',
		options: TEMPLATE_MODES,
		default: 1,
		description: 'Which templates notifications use',
	},
	{
		displayName: 'Templates (JSON)',
		name: 'templates',
		type: 'json',
		default: '{}',
		description: `Notification texts to change, by template name as Get returns them (e.g. textMessageTemplateDefault, mediaMessageTemplatePrivacy, emailSubjectTemplateDefault), with CometChat's {{...}} placeholders. E.g. ${TEMPLATES_EXAMPLE}.`,
	},
];

/** preSend of Update: the settings body from the fields added; at least one. */
export async function buildSettings(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const added = this.getNodeParameter('updateFields', {}) as IDataObject;
	const path = (name: string) => `updateFields.${name}`;
	const preferences: IDataObject = added.preferences !== undefined ? readSection(this, path('preferences'), 'Preferences (JSON)', checkPreferences, PREFERENCES_EXAMPLE) : {};
	if (added.bypassPreferencesForMentions !== undefined) {
		preferences.bypassPreferencesForMentions = readBoolean(this, path('bypassPreferencesForMentions'), 'Bypass Preferences for Mentions');
	}
	const templates: IDataObject = added.templates !== undefined ? readSection(this, path('templates'), 'Templates (JSON)', checkTemplates, TEMPLATES_EXAMPLE) : {};
	if (added.usePrivacyTemplate !== undefined) {
		templates.usePrivacyTemplate = Number(readChoice(this, path('usePrivacyTemplate'), 'Template Mode', TEMPLATE_MODES));
	}
	const sound: IDataObject = {};
	if (added.chatSound !== undefined) sound.chat = readText(this, path('chatSound'), 'Chat Sound', { required: true, max: 255 });
	if (added.callSound !== undefined) sound.call = readText(this, path('callSound'), 'Call Sound', { required: true, max: 255 });

	const body: IDataObject = {};
	if (Object.keys(preferences).length) body.preferences = preferences;
	if (Object.keys(sound).length) body.sound = sound;
	if (Object.keys(templates).length) body.templates = templates;
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a setting to change.');
	requestOptions.body = body;
	return requestOptions;
}

type Check = (value: IDataObject) => string | undefined;

function readSection(context: IExecuteSingleFunctions, parameter: string, field: string, check: Check, example: string): IDataObject {
	const value = readJsonObject(context, parameter, field);
	const problem = check(value);
	if (problem) throw inputError(context, field, problem, `Write it as Get returns it, such as ${example}.`);
	return value;
}

function checkPreferences(value: IDataObject): string | undefined {
	for (const [section, entries] of Object.entries(value)) {
		const shape = PREFERENCES[section];
		if (shape === undefined) return `"${short(section)}" is not a section; use ${Object.keys(PREFERENCES).join(', ')}`;
		if (shape === 'boolean') {
			if (typeof entries !== 'boolean') return `${section} must be true or false`;
			continue;
		}
		if (!isObject(entries)) return `${section} must be an object of settings`;
		for (const [name, setting] of Object.entries(entries)) {
			const kind = shape[name];
			if (kind === undefined) return `"${section}.${short(name)}" is not a setting CometChat knows; ${section} takes ${Object.keys(shape).join(', ')}`;
			const problem = kindProblem(kind, setting);
			if (problem) return `${section}.${name} ${problem}`;
		}
	}
	return undefined;
}

function kindProblem(kind: Kind, value: unknown): string | undefined {
	if (Array.isArray(kind)) return kind.includes(value as number) ? undefined : `must be one of ${kind.join(', ')}`;
	if (kind === 'boolean') return typeof value === 'boolean' ? undefined : 'must be true or false';
	if (kind === 'integer') return Number.isSafeInteger(value) && (value as number) >= 0 ? undefined : 'must be a whole number of 0 or more';
	if (kind === 'object') return isObject(value) ? undefined : 'must be an object';
	return scheduleProblem(value);
}

/** A week's schedule: {monday: {from, to, dnd}, ...}, times as HHMM from 0 to 2359. */
export function scheduleProblem(value: unknown): string | undefined {
	if (!isObject(value)) return 'must be an object of days';
	for (const [day, hours] of Object.entries(value)) {
		if (!DAYS.includes(day)) return `has "${short(day)}", which is not a day (monday to sunday)`;
		if (!isObject(hours)) return `${day} must be an object such as {"from": 900, "to": 1800, "dnd": false}`;
		for (const [key, entry] of Object.entries(hours)) {
			if (key === 'dnd') {
				if (typeof entry !== 'boolean') return `${day}.dnd must be true or false`;
			} else if (key === 'from' || key === 'to') {
				const problem = hhmmProblem(entry);
				if (problem) return `${day}.${key} ${problem}`;
			} else return `${day} has "${short(key)}"; a day takes from, to and dnd`;
		}
	}
	return undefined;
}

function checkTemplates(value: IDataObject): string | undefined {
	for (const [name, template] of Object.entries(value)) {
		if (name === 'usePrivacyTemplate') {
			if (![1, 2, 3].includes(template as number)) return 'usePrivacyTemplate must be 1, 2 or 3';
			continue;
		}
		const texts = TEMPLATES[name];
		if (texts === undefined) return `"${short(name)}" is not a template CometChat knows`;
		if (!isObject(template)) return `${name} must be an object of texts`;
		for (const [key, text] of Object.entries(template)) {
			if (!texts.includes(key)) return `${name} has "${short(key)}"; it takes ${texts.join(', ')}`;
			if (typeof text !== 'string') return `${name}.${key} must be text`;
		}
	}
	return undefined;
}

function short(text: string): string {
	return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
