/**
 * Notifications (reference §7.13, spec tag "Notifications", all on the chat host under /notifications):
 * the app's settings, each user's preferences, mutes, time zone and contact details, the push, SMS and
 * e-mail providers, push tokens, and the notification logs (a cursor list, §2.3).
 *
 * Error codes from CometChat's notification error page (rest-api/notifications-apis/error-codes):
 * ERR_PROVIDER_NOT_FOUND, ERR_PROVIDER_ALREADY_EXISTS, ERR_TOKEN_NOT_FOUND, ERR_BAD_REQUEST. Their HTTP
 * statuses and texts are INFERRED (404 for not found, 400 for conflicts and validation), as is every
 * validation text (Laravel style, as the rest of the emulator). Unknown UIDs answer ERR_UID_NOT_FOUND
 * and unknown auth tokens ERR_AUTH_TOKEN_NOT_FOUND, as the chat API does (INFERRED for this service).
 */
import { randomBytes } from 'node:crypto';
import { cometError, errors, type EmulatorState, type Route, type RouteContext, type RouteResult, Validator, bodyObject, isPlainObject, onBehalfOf, ok, queryBoolean, requireUser } from './prelude';

type Json = Record<string, unknown>;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// ---- the app's default settings: the spec's GET /notifications/v1/settings example --------------------

const SENDER = '{{message.data.entities.sender.entity.name}}';
const IN_GROUP = `${SENDER} @ {{message.data.entities.receiver.entity.name}}`;
const titles = { titleOneOnOne: SENDER, titleGroup: IN_GROUP };
const week = () => Object.fromEntries(DAYS.map((day) => [day, { from: 0, to: 2359, dnd: false }]));
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MEMBER_EVENTS = ['memberLeft', 'memberAdded', 'memberJoined', 'memberKicked', 'memberBanned', 'memberUnbanned', 'memberScopeChanged'];
const CALL_EVENTS = ['busy', 'cancelled', 'ended', 'initiated', 'ongoing', 'rejected', 'unanswered'];
const MESSAGE_EVENTS = ['messages', 'replies', 'quotedReplies'];
const digest = () => ({ notifyForUnreadOnly: true, intervalInSeconds: 7200, maxPerDay: 20, maxPerDayPerConversation: 2 });
const SMS_END = '! Read them at https://your-website.com.';

function defaultSettings(): Json {
	const conversation = (events: string[]) => Object.fromEntries(events.flatMap((event) => [[`${event}Setting`, 2], [`${event}Override`, true]]));
	return {
		preferences: {
			group: {
				...conversation([...MESSAGE_EVENTS, 'reactions']),
				messageEditedSetting: 2,
				messageDeletedSetting: 2,
				...Object.fromEntries(MEMBER_EVENTS.flatMap((event) => [[`${event}Setting`, 1], [`${event}Override`, true]])),
			},
			bypassPreferencesForMentions: false,
			call: { ...Object.fromEntries(CALL_EVENTS.map((event) => [`${event}Setting`, 1])), ...Object.fromEntries(CALL_EVENTS.map((event) => [`${event}Override`, false])) },
			oneOnOne: { ...conversation([...MESSAGE_EVENTS, 'reactions']), messageEditedSetting: 2, messageDeletedSetting: 2 },
			mute: {
				dndPreferenceSetting: 1,
				dndPreferenceOverride: true,
				schedulePreferenceSetting: week(),
				schedulePreferenceOverride: true,
				mutedGroupsOverride: true,
				mutedOneOnOnesOverride: true,
			},
			email: digest(),
			sms: digest(),
			push: {
				includeMessageObjectSetting: false,
				includeSenderMetadataSetting: true,
				includeReceiverMetadataSetting: true,
				trimTextFieldSetting: false,
				includeMessageMetadataSetting: true,
				customJson: { hello: 'world' },
			},
		},
		sound: { chat: 'default', call: 'default' },
		templates: {
			usePrivacyTemplate: 3,
			textMessageTemplateDefault: { ...titles, body: '{{message.data.text}}' },
			textMessageTemplatePrivacy: { ...titles, body: 'New message' },
			mediaMessageTemplateDefault: { ...titles, body_audio: '🔈 Has sent an audio', body_file: '📄 Has sent a file', body_image: '📷 Has sent an image', body_video: '🎥 Has sent a video' },
			mediaMessageTemplatePrivacy: { ...titles, body_audio: 'New audio message', body_file: 'New file message', body_image: 'New image message', body_video: 'New video message' },
			pollMessageTemplateDefault: { ...titles, body: '{{message.data.text}}', body_fallback: '' },
			pollMessageTemplatePrivacy: { ...titles, body: '{{message.data.text}}', body_fallback: '' },
			reminderMessageTemplateDefault: { ...titles, body: '{{message.data.text}}', body_fallback: '' },
			reminderMessageTemplatePrivacy: { ...titles, body: '{{message.data.text}}', body_fallback: '' },
			customMessageTemplateDefault: { ...titles, body: '{{message.data.text}}', body_fallback: 'New message' },
			customMessageTemplatePrivacy: { ...titles, body: 'New message', body_fallback: 'New message' },
			emailSubjectTemplateDefault: { subjectGroup: 'New messages in {{groupDetails.name}}', subjectOneOnOne: 'New messages from {{senderDetails.name}}' },
			emailSubjectTemplatePrivacy: { subjectGroup: 'New messages in {{groupDetails.name}}', subjectOneOnOne: 'New messages from {{senderDetails.name}}' },
			smsContentTemplateDefault: {
				bodyGroup: `You've received {{messages.length}} message(s) in {{groupDetails.name}}${SMS_END}`,
				bodyOneOnOne: `You've received {{messages.length}} message(s) from {{senderDetails.name}}${SMS_END}`,
			},
			smsContentTemplatePrivacy: {
				bodyGroup: `You've received {{messages.length}} message(s) in {{groupDetails.name}}${SMS_END}`,
				bodyOneOnOne: `You've received {{messages.length}} message(s) from {{senderDetails.name}}${SMS_END}`,
			},
		},
	};
}

// ---- state ---------------------------------------------------------------------------------------

export type SingleProvider = 'twilio' | 'sendgrid' | 'customPush' | 'customSms' | 'customEmail';
export type ListedProvider = 'fcm' | 'apns';

/** A user's own preferences, in the shape PATCH takes (only what they changed). */
export interface UserPreferences {
	groupPreferences: Record<string, number>;
	oneOnOnePreferences: Record<string, number>;
	dnd?: number;
	schedule: Record<string, Json>;
	usePrivacyTemplate?: boolean;
}

export interface MutedConversation {
	id: string;
	type: 'oneOnOne' | 'group';
	until?: number;
}

export interface PushTokenRecord {
	authToken: string;
	pushTokenType: 'chat' | 'voip';
	createdAt: string;
	platform: string;
	providerId?: string;
	pushToken: string;
	uid: string;
	updatedAt: string;
}

export interface NotificationLog extends Json {
	_id: string;
}

export class NotificationStore {
	settings = defaultSettings();
	readonly preferences = new Map<string, UserPreferences>();
	readonly timezones = new Map<string, string>();
	/** uid → `${type}:${id}` → muted conversation. */
	readonly mutes = new Map<string, Map<string, MutedConversation>>();
	readonly contacts = new Map<string, { email?: string; phno?: string }>();
	/** FCM and APNs providers by ID, in creation order; `isDefault` marks the default one. */
	readonly listed: Record<ListedProvider, Map<string, Json>> = { fcm: new Map(), apns: new Map() };
	readonly single = new Map<SingleProvider, Json>();
	readonly tokens: PushTokenRecord[] = [];
	/** Newest first, as the list answers (INFERRED order). */
	readonly logs: NotificationLog[] = [];

	clear(): void {
		this.settings = defaultSettings();
		this.preferences.clear();
		this.timezones.clear();
		this.mutes.clear();
		this.contacts.clear();
		this.listed.fcm.clear();
		this.listed.apns.clear();
		this.single.clear();
		this.tokens.length = 0;
		this.logs.length = 0;
	}

	/** Put a log at the top of the list; `_id` (24 hex digits, as the spec's example) when none is given. */
	addLog(log: Json): NotificationLog {
		const record = { _id: randomBytes(12).toString('hex'), ...log } as NotificationLog;
		this.logs.unshift(record);
		return record;
	}

	userPreferences(uid: string): UserPreferences {
		let prefs = this.preferences.get(uid);
		if (!prefs) {
			prefs = { groupPreferences: {}, oneOnOnePreferences: {}, schedule: {} };
			this.preferences.set(uid, prefs);
		}
		return prefs;
	}
}

/** The notification state of this emulator (tests read and seed it through here). */
export function notificationStore(state: EmulatorState): NotificationStore {
	return state.store('notifications', () => new NotificationStore());
}

const store = (ctx: RouteContext) => notificationStore(ctx.state);

const notFound = {
	// Codes from the notification error page; statuses and texts INFERRED.
	provider: (what: string) => cometError(404, 'ERR_PROVIDER_NOT_FOUND', `The ${what} provider does not exist.`),
	token: (token: string) => cometError(404, 'ERR_TOKEN_NOT_FOUND', `The push token ${token} does not exist.`),
};
const providerExists = (id: string) => cometError(400, 'ERR_PROVIDER_ALREADY_EXISTS', `A provider with the providerId ${id} already exists.`);

// ---- shared checks ---------------------------------------------------------------------------------

/** The required `uid` query parameter, of an existing user. */
function requireUid(ctx: RouteContext): string {
	const uid = ctx.query.uid?.trim();
	if (!uid) throw errors.badRequest({ uid: ['The uid field is required.'] });
	return requireUser(ctx.state, uid).uid;
}

function isValidZone(zone: unknown): zone is string {
	if (typeof zone !== 'string' || zone === '') return false;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{6,14}$/;

/** HHMM from 0 to 2359 [SPEC: minimum 0, maximum 2359]. */
const isHhmm = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2359 && (value as number) % 100 < 60;

function checkSchedule(v: Validator, field: string, value: unknown): void {
	if (!isPlainObject(value)) return v.add(field, `The ${field} must be an object.`);
	for (const [day, hours] of Object.entries(value)) {
		if (!DAYS.includes(day) || !isPlainObject(hours)) {
			v.add(`${field}.${day}`, `The ${field}.${day} is not a valid day.`);
			continue;
		}
		for (const [key, entry] of Object.entries(hours)) {
			const ok = key === 'dnd' ? typeof entry === 'boolean' : (key === 'from' || key === 'to') && isHhmm(entry);
			if (!ok) v.add(`${field}.${day}.${key}`, `The ${field}.${day}.${key} is invalid.`);
		}
	}
}

// ---- settings ------------------------------------------------------------------------------------

// What PATCH /notifications/v1/settings takes per section [SPEC pnSettingSchema]: codes (allowed values),
// 'boolean', 'integer', 'object' or 'schedule'. dndPreferenceSetting and the call *Override switches are
// not in the spec's update body but in what GET returns; accepted (INFERRED), so a GET → PATCH round trip works.
type Kind = number[] | 'boolean' | 'integer' | 'object' | 'schedule';
function sectionOf(events: Array<[string, number[]]>, overrides: string[]): Record<string, Kind> {
	return { ...Object.fromEntries(events.map(([event, codes]) => [`${event}Setting`, codes])), ...Object.fromEntries(overrides.map((event) => [`${event}Override`, 'boolean'])) };
}
const THREE = [1, 2, 3];
const TWO = [1, 2];
const DIGEST_KINDS: Record<string, Kind> = { notifyForUnreadOnly: 'boolean', intervalInSeconds: 'integer', maxPerDay: 'integer', maxPerDayPerConversation: 'integer' };
const SETTING_KINDS: Record<string, Record<string, Kind>> = {
	group: sectionOf(
		[...[...MESSAGE_EVENTS, 'reactions'].map((e): [string, number[]] => [e, THREE]), ...[...MEMBER_EVENTS, 'messageEdited', 'messageDeleted'].map((e): [string, number[]] => [e, TWO])],
		[...MESSAGE_EVENTS, 'reactions', ...MEMBER_EVENTS],
	),
	oneOnOne: sectionOf(
		[...[...MESSAGE_EVENTS, 'reactions'].map((e): [string, number[]] => [e, THREE]), ['messageEdited', TWO], ['messageDeleted', TWO]],
		[...MESSAGE_EVENTS, 'reactions'],
	),
	call: sectionOf(CALL_EVENTS.map((e): [string, number[]] => [e, TWO]), CALL_EVENTS),
	mute: {
		dndPreferenceSetting: TWO,
		dndPreferenceOverride: 'boolean',
		mutedGroupsOverride: 'boolean',
		mutedOneOnOnesOverride: 'boolean',
		schedulePreferenceSetting: 'schedule',
		schedulePreferenceOverride: 'boolean',
	},
	email: DIGEST_KINDS,
	sms: DIGEST_KINDS,
	push: {
		includeMessageObjectSetting: 'boolean',
		includeSenderMetadataSetting: 'boolean',
		includeReceiverMetadataSetting: 'boolean',
		trimTextFieldSetting: 'boolean',
		includeMessageMetadataSetting: 'boolean',
		customJson: 'object',
	},
};

function checkKind(v: Validator, field: string, kind: Kind, value: unknown): void {
	if (kind === 'schedule') return checkSchedule(v, field, value);
	const ok = Array.isArray(kind)
		? kind.includes(value as number)
		: kind === 'boolean'
			? typeof value === 'boolean'
			: kind === 'integer'
				? Number.isInteger(value) && (value as number) >= 0
				: isPlainObject(value);
	if (!ok) v.add(field, Array.isArray(kind) ? `The selected ${field} is invalid.` : `The ${field} must be ${kind === 'object' ? 'an object' : `a ${kind}`}.`);
}

/** Deep merge of plain objects; arrays and other values replace. */
function merge(target: Json, patch: Json): Json {
	for (const [key, value] of Object.entries(patch)) {
		target[key] = isPlainObject(value) && isPlainObject(target[key]) ? merge(clone(target[key] as Json), value) : clone(value);
	}
	return target;
}

function updateSettings(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	for (const key of Object.keys(body)) if (!['preferences', 'sound', 'templates'].includes(key)) v.add(key, `The ${key} field is not allowed.`);
	const preferences = v.optionalObject(body, 'preferences') ?? {};
	for (const [section, entries] of Object.entries(preferences)) {
		const field = `preferences.${section}`;
		if (section === 'bypassPreferencesForMentions') {
			if (typeof entries !== 'boolean') v.add(field, `The ${field} field must be true or false.`);
			continue;
		}
		const kinds = SETTING_KINDS[section];
		if (!kinds) {
			v.add(field, `The ${field} field is not allowed.`);
			continue;
		}
		if (!isPlainObject(entries)) {
			v.add(field, `The ${field} must be an object.`);
			continue;
		}
		for (const [name, value] of Object.entries(entries)) {
			if (kinds[name] === undefined) v.add(`${field}.${name}`, `The ${field}.${name} field is not allowed.`);
			else checkKind(v, `${field}.${name}`, kinds[name], value);
		}
	}
	const sound = v.optionalObject(body, 'sound') ?? {};
	for (const [key, value] of Object.entries(sound)) {
		if (!['chat', 'call'].includes(key) || typeof value !== 'string') v.add(`sound.${key}`, `The sound.${key} is invalid.`);
	}
	const templates = v.optionalObject(body, 'templates') ?? {};
	for (const [name, value] of Object.entries(templates)) {
		if (name === 'usePrivacyTemplate') {
			if (!THREE.includes(value as number)) v.add('templates.usePrivacyTemplate', 'The selected templates.usePrivacyTemplate is invalid.');
		} else if (!/^(text|media|poll|reminder|custom)MessageTemplate|^(emailSubject|smsContent|userMention|groupMention)Template/.test(name) || !isPlainObject(value)) {
			v.add(`templates.${name}`, `The templates.${name} field is not allowed.`);
		} else if (Object.values(value).some((text) => typeof text !== 'string')) {
			v.add(`templates.${name}`, `The templates.${name} texts must be strings.`);
		}
	}
	v.check();
	merge(store(ctx).settings, clone(body));
	return ok({ success: true }); // [SPEC]
}

// ---- per-user preferences ------------------------------------------------------------------------

// PATCH keys ↔ the keys GET shows [SPEC]: groupMessages ↔ group.messagesSetting, oneOnOneReplies ↔ oneOnOne.repliesSetting.
const GROUP_KEYS: Record<string, number[]> = {
	groupMessages: THREE,
	groupReplies: THREE,
	groupQuotedReplies: THREE,
	groupReactions: THREE,
	...Object.fromEntries(MEMBER_EVENTS.map((event) => [`group${event[0].toUpperCase()}${event.slice(1)}`, TWO])),
};
const ONE_ON_ONE_KEYS: Record<string, number[]> = { oneOnOneMessages: THREE, oneOnOneReplies: THREE, oneOnOneQuotedReplies: THREE, oneOnOneReactions: THREE };
const settingKey = (key: string, prefix: string) => `${key[prefix.length].toLowerCase()}${key.slice(prefix.length + 1)}Setting`;

/** GET's shape: the app's settings with the user's own choices over them [SPEC example]. */
function preferencesView(ctx: RouteContext, uid: string): Json {
	const settings = store(ctx).settings as { preferences: Json; sound: Json; templates: Json };
	const app = settings.preferences as Record<string, Json>;
	const own = store(ctx).preferences.get(uid);
	const group = clone(app.group);
	const oneOnOne = clone(app.oneOnOne);
	const mute = clone(app.mute);
	for (const [key, value] of Object.entries(own?.groupPreferences ?? {})) group[settingKey(key, 'group')] = value;
	for (const [key, value] of Object.entries(own?.oneOnOnePreferences ?? {})) oneOnOne[settingKey(key, 'oneOnOne')] = value;
	if (own?.dnd !== undefined) mute.dndPreferenceSetting = own.dnd;
	mute.schedulePreferenceSetting = { ...(mute.schedulePreferenceSetting as Json), ...own?.schedule };
	return { preferences: { group, oneOnOne, mute }, sound: clone(settings.sound), templates: clone(settings.templates) };
}

function getPreferences(ctx: RouteContext): RouteResult {
	return ok(preferencesView(ctx, requireUid(ctx)));
}

function updatePreferences(ctx: RouteContext): RouteResult {
	const uid = requireUid(ctx);
	const body = bodyObject(ctx);
	const v = new Validator();
	const sections: Array<[string, Record<string, number[]>]> = [
		['groupPreferences', GROUP_KEYS],
		['oneOnOnePreferences', ONE_ON_ONE_KEYS],
	];
	for (const [section, keys] of sections) {
		const entries = v.optionalObject(body, section) ?? {};
		for (const [key, value] of Object.entries(entries)) {
			if (!keys[key]) v.add(`${section}.${key}`, `The ${section}.${key} field is not allowed.`);
			else if (!keys[key].includes(value as number)) v.add(`${section}.${key}`, `The selected ${section}.${key} is invalid.`);
		}
	}
	const mute = v.optionalObject(body, 'mutePreferences') ?? {};
	for (const [key, value] of Object.entries(mute)) {
		if (key === 'dnd') {
			if (!TWO.includes(value as number)) v.add('mutePreferences.dnd', 'The selected mutePreferences.dnd is invalid.');
		} else if (key === 'schedule') checkSchedule(v, 'mutePreferences.schedule', value);
		else v.add(`mutePreferences.${key}`, `The mutePreferences.${key} field is not allowed.`);
	}
	const usePrivacy = v.optionalBoolean(body, 'usePrivacyTemplate');
	for (const key of Object.keys(body)) {
		if (!['groupPreferences', 'oneOnOnePreferences', 'mutePreferences', 'usePrivacyTemplate'].includes(key)) v.add(key, `The ${key} field is not allowed.`);
	}
	v.check();
	const own = store(ctx).userPreferences(uid);
	Object.assign(own.groupPreferences, body.groupPreferences);
	Object.assign(own.oneOnOnePreferences, body.oneOnOnePreferences);
	if (mute.dnd !== undefined) own.dnd = mute.dnd as number;
	if (mute.schedule !== undefined) Object.assign(own.schedule, clone(mute.schedule));
	if (usePrivacy !== undefined) own.usePrivacyTemplate = usePrivacy;
	return ok(preferencesView(ctx, uid)); // [SPEC]: PATCH answers with the preferences as GET shows them
}

/** DELETE answers with the defaults in PATCH's shape [SPEC example]. */
function resetPreferences(ctx: RouteContext): RouteResult {
	const uid = requireUid(ctx);
	store(ctx).preferences.delete(uid);
	const app = (store(ctx).settings as { preferences: Record<string, Json>; templates: Json }).preferences;
	const from = (section: Json, keys: Record<string, number[]>, prefix: string) =>
		Object.fromEntries(Object.keys(keys).map((key) => [key, section[settingKey(key, prefix)]]));
	return ok({
		groupPreferences: from(app.group, GROUP_KEYS, 'group'),
		oneOnOnePreferences: from(app.oneOnOne, ONE_ON_ONE_KEYS, 'oneOnOne'),
		mutePreferences: { dnd: app.mute.dndPreferenceSetting, schedule: clone(app.mute.schedulePreferenceSetting) },
		// INFERRED: privacy templates when the app's mode is privacy (2).
		usePrivacyTemplate: (store(ctx).settings.templates as Json).usePrivacyTemplate === 2,
	});
}

// ---- mute ----------------------------------------------------------------------------------------

function readConversations(ctx: RouteContext, withUntil: boolean): MutedConversation[] {
	const body = bodyObject(ctx);
	const v = new Validator();
	const list = body.conversations;
	if (!Array.isArray(list) || list.length === 0) throw errors.badRequest({ conversations: ['The conversations field is required and must be a list.'] });
	const conversations: MutedConversation[] = [];
	list.forEach((entry, i) => {
		const field = `conversations.${i}`;
		if (!isPlainObject(entry)) return v.add(field, `The ${field} must be an object.`);
		if (typeof entry.id !== 'string' || entry.id.trim() === '') v.add(`${field}.id`, `The ${field}.id field is required.`);
		if (entry.type !== 'oneOnOne' && entry.type !== 'group') v.add(`${field}.type`, `The selected ${field}.type is invalid.`);
		// [SPEC]: until is "a valid timestamp from the future" (milliseconds, as its example).
		if (withUntil && entry.until !== undefined && !(Number.isInteger(entry.until) && (entry.until as number) > ctx.state.now() * 1000)) {
			v.add(`${field}.until`, `The ${field}.until must be a timestamp in the future.`);
		}
		if (!withUntil && entry.until !== undefined) v.add(`${field}.until`, `The ${field}.until field is not allowed.`);
		conversations.push({ id: String(entry.id).toLowerCase(), type: entry.type as MutedConversation['type'], ...(entry.until !== undefined ? { until: entry.until as number } : {}) });
	});
	v.check();
	return conversations;
}

function mutesOf(ctx: RouteContext, uid: string): Map<string, MutedConversation> {
	const mutes = store(ctx).mutes;
	if (!mutes.has(uid)) mutes.set(uid, new Map());
	return mutes.get(uid)!;
}

function listMuted(ctx: RouteContext): RouteResult {
	const uid = requireUid(ctx);
	return ok({ mutedConversations: [...mutesOf(ctx, uid).values()].map((c) => ({ ...c })) });
}

function mute(ctx: RouteContext): RouteResult {
	const uid = requireUid(ctx);
	const mutes = mutesOf(ctx, uid);
	for (const conversation of readConversations(ctx, true)) mutes.set(`${conversation.type}:${conversation.id}`, conversation);
	return ok({ success: true });
}

function unmute(ctx: RouteContext): RouteResult {
	const uid = requireUid(ctx);
	const mutes = mutesOf(ctx, uid);
	// INFERRED: unmuting a conversation that is not muted is not an error.
	for (const conversation of readConversations(ctx, false)) mutes.delete(`${conversation.type}:${conversation.id}`);
	return ok({ success: true });
}

// ---- time zone and contact details -----------------------------------------------------------------

function getTimezone(ctx: RouteContext): RouteResult {
	const zone = store(ctx).timezones.get(requireUid(ctx));
	return ok(zone === undefined ? {} : { timezone: zone }); // INFERRED: no time zone set, no field
}

function updateTimezone(ctx: RouteContext): RouteResult {
	const uid = requireUid(ctx);
	const timezone = bodyObject(ctx).timezone;
	if (!isValidZone(timezone)) throw errors.badRequest({ timezone: ['The timezone must be a valid timezone.'] });
	store(ctx).timezones.set(uid, timezone);
	return ok({ timezone });
}

/** The required onBehalfOf user [SPEC]: missing → 400 ERR_BAD_REQUEST (INFERRED), unknown → 404 ERR_UID_NOT_FOUND. */
function requireActor(ctx: RouteContext): string {
	const uid = onBehalfOf(ctx);
	if (uid === undefined) throw errors.badRequest({ onBehalfOf: ['The onBehalfOf header is required.'] });
	return requireUser(ctx.state, uid).uid;
}

function getContact(ctx: RouteContext): RouteResult {
	return ok({ ...store(ctx).contacts.get(requireActor(ctx)) });
}

function updateContact(ctx: RouteContext): RouteResult {
	const uid = requireActor(ctx);
	const body = bodyObject(ctx);
	const v = new Validator();
	const email = v.optionalString(body, 'email', 254);
	const phno = v.optionalString(body, 'phno', 16);
	if (email !== undefined && !EMAIL.test(email)) v.add('email', 'The email must be a valid email address.');
	if (phno !== undefined && !PHONE.test(phno)) v.add('phno', 'The phno must be a phone number with its country code.');
	if (email === undefined && phno === undefined && !v.failed) v.add('email', 'The email field is required when phno is not present.');
	v.check();
	const contact = { ...store(ctx).contacts.get(uid), ...(email !== undefined ? { email } : {}), ...(phno !== undefined ? { phno } : {}) };
	store(ctx).contacts.set(uid, contact);
	return ok({ ...contact });
}

function deleteContact(ctx: RouteContext): RouteResult {
	store(ctx).contacts.delete(requireActor(ctx));
	return ok({ success: true });
}

// ---- providers -------------------------------------------------------------------------------------

type FieldKind = 'string' | 'boolean' | 'object';
interface ProviderShape {
	/** Required on POST [SPEC] (FCM and APNs: INFERRED, the spec requires nothing there). */
	required: string[];
	fields: Record<string, FieldKind>;
}

const CUSTOM_FIELDS: Record<string, FieldKind> = { isEnabled: 'boolean', webhookURL: 'string', useBasicAuth: 'boolean', basicAuthUsername: 'string', basicAuthPassword: 'string' };
const CUSTOM_REQUIRED = ['isEnabled', 'webhookURL', 'basicAuthUsername', 'basicAuthPassword', 'useBasicAuth'];
const SHAPES: Record<ListedProvider | SingleProvider, ProviderShape> = {
	fcm: {
		required: ['providerId', 'serviceAccountCreds'],
		fields: { providerId: 'string', serviceAccountFilename: 'string', serviceAccountCreds: 'object', notificationInPayload: 'object' },
	},
	apns: {
		required: ['providerId', 'keyId', 'teamId', 'bundleId', 'p8Key'],
		fields: {
			providerId: 'string',
			keyId: 'string',
			teamId: 'string',
			bundleId: 'string',
			p8KeyFilename: 'string',
			p8Key: 'string',
			includeContentAvailable: 'boolean',
			includeMutableContent: 'boolean',
			productionMode: 'boolean',
		},
	},
	twilio: {
		required: ['twilioAccountSID', 'twilioAuthToken', 'twilioSenderPhoneNumber'],
		fields: { twilioAccountSID: 'string', twilioAuthToken: 'string', twilioSenderPhoneNumber: 'string', isEnabled: 'boolean' },
	},
	sendgrid: {
		required: ['sendGridApiKey', 'sendGridTemplateID', 'sendGridUnsubscribeGroupID', 'senderName', 'senderEmail', 'allowEmailReplies'],
		fields: {
			sendGridApiKey: 'string',
			sendGridTemplateID: 'string',
			sendGridUnsubscribeGroupID: 'string',
			senderName: 'string',
			senderEmail: 'string',
			allowEmailReplies: 'boolean',
			senderEmailForReplies: 'string',
			isEnabled: 'boolean',
		},
	},
	customPush: { required: CUSTOM_REQUIRED, fields: CUSTOM_FIELDS },
	customSms: { required: [...CUSTOM_REQUIRED, 'useStoredPhNo'], fields: { ...CUSTOM_FIELDS, useStoredPhNo: 'boolean' } },
	customEmail: { required: [...CUSTOM_REQUIRED, 'useStoredEmailID'], fields: { ...CUSTOM_FIELDS, useStoredEmailID: 'boolean' } },
};

/** The body's provider fields, checked; `create` asks for the required ones. */
function providerFields(ctx: RouteContext, kind: ListedProvider | SingleProvider, create: boolean): Json {
	const { required, fields } = SHAPES[kind];
	const body = bodyObject(ctx);
	const v = new Validator();
	const out: Json = {};
	for (const [key, value] of Object.entries(body)) {
		const type = fields[key];
		if (!type) {
			v.add(key, `The ${key} field is not allowed.`);
			continue;
		}
		const ok = type === 'object' ? isPlainObject(value) : typeof value === type;
		if (!ok) v.add(key, type === 'boolean' ? `The ${key} field must be true or false.` : `The ${key} must be ${type === 'object' ? 'an object' : 'a string'}.`);
		out[key] = value;
	}
	if (create) {
		// The Basic Auth pair may be empty when Basic Auth is off (INFERRED).
		const mayBeEmpty = (key: string) => body.useBasicAuth === false && (key === 'basicAuthUsername' || key === 'basicAuthPassword');
		for (const key of required) if (body[key] === undefined || (body[key] === '' && !mayBeEmpty(key))) v.add(key, `The ${key} field is required.`);
	}
	if (kind === 'fcm' && isPlainObject(body.serviceAccountCreds)) {
		for (const key of ['project_id', 'client_email', 'private_key', 'private_key_id']) {
			if (typeof body.serviceAccountCreds[key] !== 'string' || body.serviceAccountCreds[key] === '') v.add(`serviceAccountCreds.${key}`, `The serviceAccountCreds.${key} field is required.`);
		}
	}
	if (kind === 'sendgrid' && body.allowEmailReplies === true && create && !body.senderEmailForReplies) {
		v.add('senderEmailForReplies', 'The senderEmailForReplies field is required when allowEmailReplies is true.');
	}
	if (typeof body.webhookURL === 'string' && !/^https?:\/\//.test(body.webhookURL)) v.add('webhookURL', 'The webhookURL must be a valid URL.');
	v.check();
	return out;
}

function listedRoutes(kind: ListedProvider): Route[] {
	const base = `/notifications/push/v1/providers/${kind}`;
	const providers = (ctx: RouteContext) => store(ctx).listed[kind];
	const find = (ctx: RouteContext, id: string) => {
		const record = providers(ctx).get(id);
		if (!record) throw notFound.provider(`${kind.toUpperCase()} ${id}`);
		return record;
	};
	return [
		// INFERRED record shape: the fields as saved, and isDefault (the spec's example list is empty).
		{ method: 'GET', path: base, handler: (ctx) => ok({ pushProviders: [...providers(ctx).values()].map(clone) }) },
		{
			method: 'POST',
			path: base,
			handler: (ctx) => {
				const fields = providerFields(ctx, kind, true);
				const id = fields.providerId as string;
				if (providers(ctx).has(id)) throw providerExists(id);
				// INFERRED: the first provider becomes the default one.
				providers(ctx).set(id, { ...fields, isDefault: providers(ctx).size === 0 });
				return ok({ success: true }); // [SPEC] FCM; the APNs example repeats the list answer
			},
		},
		{
			method: 'PUT',
			path: base,
			handler: (ctx) => {
				const fields = providerFields(ctx, kind, false);
				if (typeof fields.providerId !== 'string') throw errors.badRequest({ providerId: ['The providerId field is required.'] });
				Object.assign(find(ctx, fields.providerId), fields);
				return ok({ success: true });
			},
		},
		{
			method: 'DELETE',
			path: `${base}/:providerId`,
			handler: (ctx) => {
				find(ctx, ctx.params.providerId);
				providers(ctx).delete(ctx.params.providerId);
				return ok({ success: true });
			},
		},
		{
			method: 'PUT',
			path: `${base}/default/:providerId`,
			handler: (ctx) => {
				find(ctx, ctx.params.providerId);
				for (const [id, record] of providers(ctx)) record.isDefault = id === ctx.params.providerId;
				return ok({ success: true });
			},
		},
	];
}

function singleRoutes(kind: SingleProvider, path: string, name: string): Route[] {
	const saved = (ctx: RouteContext) => {
		const record = store(ctx).single.get(kind);
		if (!record) throw notFound.provider(name); // INFERRED: also for GET of a provider never saved
		return record;
	};
	// Custom push answers with a list, as the FCM and APNs reads do [SPEC example].
	const view = (record: Json) => (kind === 'customPush' ? { pushProviders: [clone(record)] } : clone(record));
	const save = (ctx: RouteContext, record: Json) => {
		if (kind === 'sendgrid') record.repliesWebhook ??= `https://notifications-us.cometchat.io/email/v1/sendgrid/replies?token=${randomBytes(24).toString('base64url')}`;
		store(ctx).single.set(kind, record);
		return ok(view(record));
	};
	return [
		{
			method: 'GET',
			path,
			handler: (ctx) => (kind === 'customPush' && !store(ctx).single.has(kind) ? ok({ pushProviders: [] }) : ok(view(saved(ctx)))),
		},
		// INFERRED: saving again replaces the configuration.
		{ method: 'POST', path, handler: (ctx) => save(ctx, providerFields(ctx, kind, true)) },
		{ method: 'PUT', path, handler: (ctx) => save(ctx, { ...saved(ctx), ...providerFields(ctx, kind, false) }) },
		{
			method: 'DELETE',
			path,
			handler: (ctx) => {
				saved(ctx);
				store(ctx).single.delete(kind);
				return ok({ success: true });
			},
		},
	];
}

// ---- push tokens -----------------------------------------------------------------------------------

const FCM_PLATFORMS = ['fcm_android', 'fcm_ios', 'fcm_web', 'fcm_flutter_android', 'fcm_flutter_ios', 'fcm_react_native_android', 'fcm_react_native_ios', 'fcm_ionic_cordova_android', 'fcm_ionic_cordova_ios'];
const DEVICE_PLATFORMS = ['apns_ios_device', 'apns_flutter_device', 'apns_react_native_device', 'apns_ionic_cordova_device'];
const VOIP_PLATFORMS = ['apns_ios_voip', 'apns_flutter_voip', 'apns_ionic_cordova_voip', 'apns_react_native_voip'];

/** The user of an auth token, or 404 ERR_AUTH_TOKEN_NOT_FOUND. */
function ownerOf(ctx: RouteContext, authToken: unknown): string {
	for (const [uid, tokens] of ctx.state.authTokens) if (tokens.some((t) => t.authToken === authToken)) return uid;
	throw errors.authTokenNotFound();
}

function requiredAuthToken(value: unknown): string {
	if (typeof value !== 'string' || value === '') throw errors.badRequest({ authToken: ['The authToken field is required.'] });
	return value;
}

function registerToken(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const platform = body.platform as string;
	const key = FCM_PLATFORMS.includes(platform) ? 'fcmToken' : DEVICE_PLATFORMS.includes(platform) ? 'deviceToken' : VOIP_PLATFORMS.includes(platform) ? 'voipToken' : undefined;
	if (!key) v.add('platform', 'The selected platform is invalid.');
	const token = key ? v.requiredString(body, key) : undefined;
	for (const other of ['fcmToken', 'deviceToken', 'voipToken']) if (other !== key && body[other] !== undefined) v.add(other, `The ${other} field is not allowed for this platform.`);
	const authToken = v.requiredString(body, 'authToken');
	const providerId = v.optionalString(body, 'providerId', 100);
	if (body.timezone !== undefined && !isValidZone(body.timezone)) v.add('timezone', 'The timezone must be a valid timezone.');
	v.check();
	const uid = ownerOf(ctx, authToken);
	const now = new Date(ctx.state.now() * 1000).toISOString();
	const tokens = store(ctx).tokens;
	const existing = tokens.findIndex((t) => t.pushToken === token);
	// INFERRED: registering a token again moves it to this login and refreshes updatedAt.
	const record: PushTokenRecord = {
		authToken: authToken!,
		pushTokenType: key === 'voipToken' ? 'voip' : 'chat',
		createdAt: existing >= 0 ? tokens[existing].createdAt : now,
		platform,
		...(providerId ? { providerId } : {}),
		pushToken: token!,
		uid,
		updatedAt: now,
	};
	if (existing >= 0) tokens.splice(existing, 1);
	tokens.push(record);
	// INFERRED: the device's time zone becomes the user's notification time zone.
	if (typeof body.timezone === 'string') store(ctx).timezones.set(uid, body.timezone);
	return ok({ success: true });
}

/** The tokens of an auth token, or with `all` of its whole user. */
function tokensOf(ctx: RouteContext, authToken: string, all: boolean): PushTokenRecord[] {
	const uid = ownerOf(ctx, authToken);
	return store(ctx).tokens.filter((t) => (all ? t.uid === uid : t.authToken === authToken));
}

function listTokens(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const all = queryBoolean(ctx, v, 'all');
	v.check();
	return ok({ pushTokens: tokensOf(ctx, requiredAuthToken(ctx.query.authToken), all).map((t) => ({ ...t })) });
}

function unregisterTokens(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const all = queryBoolean(ctx, v, 'all');
	v.check();
	const gone = new Set(tokensOf(ctx, requiredAuthToken(bodyObject(ctx).authToken), all));
	const tokens = store(ctx).tokens;
	for (let i = tokens.length - 1; i >= 0; i--) if (gone.has(tokens[i])) tokens.splice(i, 1);
	return ok({ success: true }); // INFERRED: the spec's example repeats the list answer
}

function deleteToken(ctx: RouteContext): RouteResult {
	const uid = ownerOf(ctx, requiredAuthToken(bodyObject(ctx).authToken));
	const tokens = store(ctx).tokens;
	const index = tokens.findIndex((t) => t.pushToken === ctx.params.pushToken && t.uid === uid);
	if (index < 0) throw notFound.token(ctx.params.pushToken);
	tokens.splice(index, 1);
	return ok({ success: true });
}

// ---- logs ------------------------------------------------------------------------------------------

const LOG_PAGE = 20; // the spec's default; it gives no limit parameter
const LOG_ENUMS: Record<string, string[]> = {
	messageCategory: ['message'],
	receiverType: ['user', 'group'],
	channel: ['push', 'email', 'sms'],
	provider: ['fcm', 'apns', 'sendgrid', 'twilio', 'custom'],
	trigger: [
		'after_message',
		'message_deleted',
		'message_edited',
		'message_reaction_added',
		'initiated',
		'rejected',
		'cancelled',
		'unanswered',
		'after_group_joined',
		'after_group_left',
		'after_group_members_added',
		'after_group_members_kicked',
		'after_group_members_banned',
		'after_group_members_unbanned',
		'after_scope_changed',
	],
	reason: [
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
	],
	affix: ['append', 'prepend'],
};
const LOG_TEXTS = ['messageType', 'sender', 'reactionSender', 'receiver', 'reactionReceiver', 'member'];
const LOG_NUMBERS = ['messageId', 'reactionId'];

function listLogs(ctx: RouteContext): RouteResult {
	const q = ctx.query;
	const v = new Validator();
	for (const [name, values] of Object.entries(LOG_ENUMS)) if (q[name] !== undefined && !values.includes(q[name])) v.add(name, `The selected ${name} is invalid.`);
	for (const name of [...LOG_NUMBERS, 'from', 'to']) if (q[name] !== undefined && !/^\d+$/.test(q[name])) v.add(name, `The ${name} must be an integer.`);
	const triggered = q.notificationTriggered !== undefined ? queryBoolean(ctx, v, 'notificationTriggered') : undefined;
	const success = q.success !== undefined ? queryBoolean(ctx, v, 'success') : undefined;
	v.check();
	const matches = (log: Json) =>
		[...Object.keys(LOG_ENUMS).filter((n) => n !== 'affix'), ...LOG_TEXTS].every((n) => q[n] === undefined || String(log[n]).toLowerCase() === q[n].toLowerCase()) &&
		LOG_NUMBERS.every((n) => q[n] === undefined || Number(log[n]) === Number(q[n])) &&
		// from/to: the message's send time, in milliseconds [SPEC]; INFERRED: both ends included.
		(q.from === undefined || Number(log.messageSentAtMS) >= Number(q.from)) &&
		(q.to === undefined || Number(log.messageSentAtMS) <= Number(q.to)) &&
		(triggered === undefined || log.notificationTriggered === triggered) &&
		(success === undefined || log.success === success);
	const logs = store(ctx).logs.filter(matches);
	let start = 0;
	let end = LOG_PAGE;
	if (q.logId !== undefined) {
		const at = logs.findIndex((log) => log._id === q.logId);
		if (at < 0) throw errors.badRequest({ logId: ['The selected logId is invalid.'] });
		// INFERRED: append = the logs after the cursor in the list's order, prepend = those before it.
		[start, end] = q.affix === 'prepend' ? [Math.max(0, at - LOG_PAGE), at] : [at + 1, at + 1 + LOG_PAGE];
	}
	const page = logs.slice(start, end);
	// [SPEC example]: previous/next carry the messageId of the first/last log.
	const meta: Json = { current: { limit: LOG_PAGE, count: page.length } };
	if (page.length > 0) {
		meta.previous = { affix: 'prepend', messageId: page[0].messageId };
		meta.next = { affix: 'append', messageId: page[page.length - 1].messageId };
	}
	return ok(page.map(clone), meta);
}

// ---- the routes ------------------------------------------------------------------------------------

export const notificationRoutes: Route[] = [
	{ method: 'GET', path: '/notifications/v1/settings', handler: (ctx) => ok(clone(store(ctx).settings)) },
	{ method: 'PATCH', path: '/notifications/v1/settings', handler: updateSettings },
	{
		method: 'DELETE',
		path: '/notifications/v1/settings',
		handler: (ctx) => {
			store(ctx).settings = defaultSettings();
			return ok({ success: true });
		},
	},
	{ method: 'GET', path: '/notifications/v1/preferences', handler: getPreferences },
	{ method: 'PATCH', path: '/notifications/v1/preferences', handler: updatePreferences },
	{ method: 'DELETE', path: '/notifications/v1/preferences', handler: resetPreferences },
	{ method: 'GET', path: '/notifications/v1/preferences/mute', handler: listMuted },
	{ method: 'PUT', path: '/notifications/v1/preferences/mute', handler: mute },
	{ method: 'DELETE', path: '/notifications/v1/preferences/mute', handler: unmute },
	{ method: 'GET', path: '/notifications/v1/preferences/timezone', handler: getTimezone },
	{ method: 'PATCH', path: '/notifications/v1/preferences/timezone', handler: updateTimezone },
	{ method: 'GET', path: '/notifications/v1/contact-details', handler: getContact },
	{ method: 'PATCH', path: '/notifications/v1/contact-details', handler: updateContact },
	{ method: 'DELETE', path: '/notifications/v1/contact-details', handler: deleteContact },
	...listedRoutes('fcm'),
	...listedRoutes('apns'),
	...singleRoutes('twilio', '/notifications/sms/v1/providers/twilio', 'Twilio'),
	...singleRoutes('sendgrid', '/notifications/email/v1/providers/sendgrid', 'SendGrid'),
	...singleRoutes('customPush', '/notifications/push/v1/providers/custom', 'custom push'),
	...singleRoutes('customSms', '/notifications/sms/v1/providers/custom', 'custom SMS'),
	...singleRoutes('customEmail', '/notifications/email/v1/providers/custom', 'custom email'),
	{ method: 'POST', path: '/notifications/push/v1/tokens', handler: registerToken },
	{ method: 'GET', path: '/notifications/push/v1/tokens', handler: listTokens },
	{ method: 'DELETE', path: '/notifications/push/v1/tokens', handler: unregisterTokens },
	{ method: 'DELETE', path: '/notifications/push/v1/tokens/:pushToken', handler: deleteToken },
	{ method: 'GET', path: '/notifications/v1/logs', handler: listLogs },
];
