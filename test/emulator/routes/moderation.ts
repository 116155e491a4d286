/**
 * Moderation (reference §7.14, spec tags "Moderation", "Moderation - Reasons", "Moderation - Flagged
 * Messages", "Moderation - Reviewed Messages", "Moderation - Blocked Messages"): reasons, flagging a
 * message, the flagged / blocked / reviewed queues and their reviews, rules with revisions, keyword lists.
 *
 * Lists answer `meta.current{limit, count}` only [SPEC]: there is no next page to ask for. Each list
 * returns at most its default `limit`, the value in the spec's examples (rules, flagged, reviewed and
 * blocked 50; reasons, keyword lists and revisions 10); `limit` in the query (1–1000, INFERRED) changes it.
 * Error codes and texts for moderation are documented nowhere: every one here is INFERRED, in the
 * style of the recorded ones.
 *
 * Blocked messages come from rules CometChat runs on sent messages; the emulator does not run rules,
 * so tests put messages in the blocked queue with `blockMessage()`.
 */
import { cometError, errors, type EmulatorState, type MessageRecord, randomHex, type Route, type RouteContext, type RouteResult, Validator, bodyObject, compact, isPlainObject, messageView, ok, onBehalfOf, requireUser } from './prelude';

/** revisionId is `<appId>_<id>_<n>` [SPEC examples]; routes do not know the app ID, so the emulator's default is used. */
const APP_ID = 'demo-app';

// ---- state -------------------------------------------------------------------------------------

export interface ReasonRecord {
	id: string;
	name: string;
	description?: string;
	createdAt: number;
	updatedAt: number;
	/** Built-in reasons carry `default: true` [SPEC list schema]. */
	isDefault?: boolean;
	seq: number;
}

interface RuleFields {
	name: string;
	description?: string;
	enabled: boolean;
	conditions: unknown[];
	action: string[];
	filters?: unknown[];
}

export interface RuleRecord extends RuleFields {
	id: string;
	createdAt: number;
	updatedAt: number;
	/** Every version, oldest first; the last is the one in use. */
	revisions: Array<RuleFields & { revision: number; updatedAt: number }>;
	isDefault?: boolean;
	seq: number;
}

export interface KeywordListRecord {
	/** Mongo-style record id, shown in lists [SPEC example]. */
	_id: string;
	id: string;
	name?: string;
	description?: string;
	category: string;
	searchTerms?: string[];
	disallowedSentences?: string[];
	createdAt: number;
	updatedAt: number;
	revision: number;
	isDefault?: boolean;
	seq: number;
}

export interface FlagRecord {
	uid: string;
	reasonId: string;
	remark?: string;
	flaggedAt: number;
}

export interface FlaggedRecord {
	messageId: string;
	/** One flag per user, in flag order. */
	flags: Map<string, FlagRecord>;
	seq: number;
}

export interface BlockedRecord {
	messageId: string;
	ruleId: string;
	ruleName: string;
	revisionId: string;
	condition: Record<string, unknown>;
	action: string[];
	createdAt: number;
	updatedAt: number;
	seq: number;
}

export interface ReviewedRecord {
	kind: 'flagged' | 'blocked';
	/** The queue entry as it was when reviewed. */
	flagged?: FlaggedRecord;
	blocked?: BlockedRecord;
	reviewedAt: number;
	seq: number;
}

export class ModerationStore {
	readonly reasons = new Map<string, ReasonRecord>();
	readonly rules = new Map<string, RuleRecord>();
	readonly keywordLists = new Map<string, KeywordListRecord>();
	/** message id → its flags. */
	readonly flagged = new Map<string, FlaggedRecord>();
	/** message id → why a rule blocked it. */
	readonly blocked = new Map<string, BlockedRecord>();
	readonly reviewed: ReviewedRecord[] = [];

	clear(): void {
		this.reasons.clear();
		this.rules.clear();
		this.keywordLists.clear();
		this.flagged.clear();
		this.blocked.clear();
		this.reviewed.length = 0;
	}
}

/** The moderation store of an emulator's state (created on first use, emptied by reset()). */
export function moderationStore(state: EmulatorState): ModerationStore {
	return state.store('moderation', () => new ModerationStore());
}

/** Seeds a reason directly (tests; CometChat apps come with built-in ones such as `spam`). */
export function addReason(state: EmulatorState, input: { id: string; name: string; description?: string; isDefault?: boolean }): ReasonRecord {
	const now = state.now();
	const reason: ReasonRecord = { ...input, createdAt: now, updatedAt: now, seq: state.nextSeq() };
	moderationStore(state).reasons.set(input.id, reason);
	return reason;
}

/**
 * Puts a sent message in the blocked queue as if `rule` had blocked it: the message's
 * `data.moderation.status` becomes `pending` [SPEC example]. Throws if the message is unknown.
 */
export function blockMessage(
	state: EmulatorState,
	messageId: string,
	rule: { id: string; name: string; condition?: Record<string, unknown>; action?: string[] },
): BlockedRecord {
	const message = state.getMessage(messageId);
	if (!message) throw new Error(`Emulator: no message ${messageId} to block`);
	const store = moderationStore(state);
	const known = store.rules.get(rule.id);
	const now = state.now();
	message.data = { ...message.data, moderation: { status: 'pending' } };
	const record: BlockedRecord = {
		messageId,
		ruleId: rule.id,
		ruleName: rule.name,
		revisionId: revisionId(rule.id, known ? known.revisions.length : 1),
		condition: rule.condition ?? {
			id: 1,
			isKeywordsReferencePresent: false,
			isMediaPresent: false,
			entity: 'message',
			operand: 'text',
			category: 'word',
			operator: 'contains',
			value: ['spam'],
			weight: 1,
		},
		action: rule.action ?? ['blockMessage'],
		createdAt: now,
		updatedAt: now,
		seq: state.nextSeq(),
	};
	store.blocked.set(messageId, record);
	return record;
}

// ---- errors (all INFERRED) -----------------------------------------------------------------------

const notFound = (code: string, text: string) => cometError(404, code, text);
const moderationErrors = {
	reasonNotFound: (id: string) => notFound('ERR_REASON_NOT_FOUND', `The reason with id ${id} does not exist.`),
	reasonExists: (id: string) => cometError(400, 'ERR_REASON_ALREADY_EXISTS', `The reason with id ${id} already exists.`),
	ruleNotFound: (id: string) => notFound('ERR_RULE_NOT_FOUND', `Rule with id ${id} does not exist.`),
	ruleExists: (id: string) => cometError(400, 'ERR_RULE_ALREADY_EXISTS', `Rule with id ${id} already exists.`),
	keywordNotFound: (id: string) => notFound('ERR_KEYWORD_NOT_FOUND', `Keyword with id ${id} does not exist.`),
	keywordExists: (id: string) => cometError(400, 'ERR_KEYWORD_ALREADY_EXISTS', `Keyword with id ${id} already exists.`),
	flaggedNotFound: (id: string) => notFound('ERR_FLAGGED_MESSAGE_NOT_FOUND', `The message with id ${id} is not flagged.`),
	blockedNotFound: (id: string) => notFound('ERR_BLOCKED_MESSAGE_NOT_FOUND', `The message with id ${id} is not blocked.`),
};

// ---- shared pieces -------------------------------------------------------------------------------

const revisionId = (id: string, revision: number) => `${APP_ID}_${id}_${revision}`;

/** Newest first (the spec examples list the most recently created first). */
const newestFirst = <T extends { seq: number }>(records: Iterable<T>) => [...records].sort((a, b) => b.seq - a.seq);

/** A list answer: at most `limit` (query, else the default) records, with `meta.current` [SPEC]. */
function listAnswer(ctx: RouteContext, records: unknown[], defaultLimit: number): RouteResult {
	const v = new Validator();
	let limit = defaultLimit;
	const raw = ctx.query.limit;
	if (raw !== undefined && raw !== '') {
		if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 1000) v.add('limit', 'The limit must be an integer between 1 and 1000.');
		else limit = Number(raw);
	}
	v.check();
	const data = records.slice(0, limit);
	return ok(data, { current: { limit, count: data.length } });
}

/** A required JSON array of objects, at most `max` (rules: 10 conditions, 10 filters [moderation constraints]). */
function objectArray(v: Validator, body: Record<string, unknown>, field: string, required: boolean, max: number): unknown[] | undefined {
	const value = body[field];
	if (value === undefined || value === null) {
		if (required) v.add(field, `The ${field} field is required.`);
		return undefined;
	}
	if (!Array.isArray(value) || (required && value.length === 0)) {
		v.add(field, `The ${field} must be a non-empty array.`);
		return undefined;
	}
	if (value.length > max) v.add(field, `The ${field} may not have more than ${max} items.`);
	if (!value.every(isPlainObject)) v.add(field, `Every entry of ${field} must be an object.`);
	return value;
}

// ---- reasons -----------------------------------------------------------------------------------

/** `createdAt`/`updatedAt` are integers in the create answer and strings elsewhere [SPEC schemas and examples]. */
function reasonView(reason: ReasonRecord, timestamps: 'number' | 'string'): Record<string, unknown> {
	const time = (t: number) => (timestamps === 'number' ? t : String(t));
	return compact({
		id: reason.id,
		name: reason.name,
		description: reason.description,
		createdAt: time(reason.createdAt),
		updatedAt: time(reason.updatedAt),
		default: reason.isDefault ? true : undefined,
	});
}

function requireReason(state: EmulatorState, id: string): ReasonRecord {
	const reason = moderationStore(state).reasons.get(id);
	if (!reason) throw moderationErrors.reasonNotFound(id);
	return reason;
}

function createReason(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const id = v.requiredId(body, 'id');
	const name = v.requiredString(body, 'name');
	const description = v.optionalString(body, 'description');
	v.check();
	if (moderationStore(ctx.state).reasons.has(id!)) throw moderationErrors.reasonExists(id!);
	return ok(reasonView(addReason(ctx.state, { id: id!, name: name!, description }), 'number'));
}

function listReasons(ctx: RouteContext): RouteResult {
	const reasons = newestFirst(moderationStore(ctx.state).reasons.values()).map((r) => reasonView(r, 'string'));
	return listAnswer(ctx, reasons, 10);
}

function getReason(ctx: RouteContext): RouteResult {
	return ok(reasonView(requireReason(ctx.state, ctx.params.id), 'string'));
}

function updateReason(ctx: RouteContext): RouteResult {
	const reason = requireReason(ctx.state, ctx.params.id);
	const v = new Validator();
	const name = v.requiredString(bodyObject(ctx), 'name');
	v.check();
	reason.name = name!;
	reason.updatedAt = ctx.state.now();
	return ok(reasonView(reason, 'string'));
}

function deleteReason(ctx: RouteContext): RouteResult {
	const reason = requireReason(ctx.state, ctx.params.id);
	moderationStore(ctx.state).reasons.delete(reason.id);
	// [SPEC]: this answer has no `data` wrapper, and this text.
	return { status: 200, body: { success: true, message: `The reason with id ${reason.id} has been deleted successfully.` } };
}

// ---- flagging and the flagged queue --------------------------------------------------------------

function requireMessage(state: EmulatorState, id: string): MessageRecord {
	const message = state.getMessage(id);
	if (!message) throw errors.messageNotFound(id);
	return message;
}

function flagMessage(ctx: RouteContext): RouteResult {
	// onBehalfOf is required here [SPEC]; the error for its absence is INFERRED.
	const actor = onBehalfOf(ctx);
	if (actor === undefined) throw errors.badRequest({ onBehalfOf: ['The onBehalfOf header is required.'] });
	const uid = requireUser(ctx.state, actor).uid;
	const message = requireMessage(ctx.state, ctx.params.id);
	const body = bodyObject(ctx);
	const v = new Validator();
	// The spec marks nothing required; the SDK docs call reasonId required.
	const reasonId = v.requiredString(body, 'reasonId');
	const remark = v.optionalString(body, 'remark');
	v.check();
	requireReason(ctx.state, reasonId!);
	const store = moderationStore(ctx.state);
	const record = store.flagged.get(message.id) ?? { messageId: message.id, flags: new Map(), seq: ctx.state.nextSeq() };
	// A user who flags again replaces their flag (INFERRED).
	record.flags.set(uid, { uid, reasonId: reasonId!, remark, flaggedAt: ctx.state.now() });
	store.flagged.set(message.id, record);
	// Text from the SDK's flagMessage docs; the `data` wrapper from the spec.
	return ok({ success: true, message: `Message with id ${message.id} has been flagged successfully.` });
}

/** A flagged message [newer docs example]: appId, the message, flaggedBy[...] and flaggedCount. */
function flaggedView(state: EmulatorState, record: FlaggedRecord): Record<string, unknown> {
	const message = state.getMessage(record.messageId);
	const flaggedBy = [...record.flags.values()].map((flag) => {
		const user = state.getUser(flag.uid, true);
		const reason = moderationStore(state).reasons.get(flag.reasonId);
		return compact({
			uid: flag.uid,
			name: user?.name,
			avatar: user?.avatar,
			role: user?.role,
			reasonId: flag.reasonId,
			reasonName: reason?.name,
			description: reason?.description,
			remark: flag.remark,
			flaggedAt: flag.flaggedAt,
		});
	});
	return { appId: APP_ID, ...(message ? messageView(state, message) : { id: record.messageId }), flaggedBy, flaggedCount: flaggedBy.length };
}

function listFlagged(ctx: RouteContext): RouteResult {
	const store = moderationStore(ctx.state);
	return listAnswer(ctx, newestFirst(store.flagged.values()).map((r) => flaggedView(ctx.state, r)), 50);
}

const FLAG_REVIEW = ['approved', 'disapproved'];

function reviewFlagged(ctx: RouteContext): RouteResult {
	const store = moderationStore(ctx.state);
	const record = store.flagged.get(ctx.params.id);
	if (!record) {
		requireMessage(ctx.state, ctx.params.id);
		throw moderationErrors.flaggedNotFound(ctx.params.id);
	}
	const v = new Validator();
	const status = v.requiredString(bodyObject(ctx), 'status');
	if (status !== undefined && !FLAG_REVIEW.includes(status)) v.add('status', 'The selected status is invalid.');
	v.check();
	const message = ctx.state.getMessage(record.messageId);
	if (message) message.data = { ...message.data, moderation: { status } };
	store.flagged.delete(record.messageId);
	store.reviewed.push({ kind: 'flagged', flagged: record, reviewedAt: ctx.state.now(), seq: ctx.state.nextSeq() });
	return ok({ success: true, message: `Message with id ${record.messageId} has been reviewed successfully.` });
}

// ---- the blocked and reviewed queues -------------------------------------------------------------

/** A blocked message [SPEC example]: the rule, revision and condition it broke, the message, the actions. */
function blockedView(state: EmulatorState, record: BlockedRecord): Record<string, unknown> {
	const message = state.getMessage(record.messageId);
	return {
		ruleId: record.ruleId,
		ruleName: record.ruleName,
		revisionId: record.revisionId,
		condition: record.condition,
		message: message ? messageView(state, message) : { id: record.messageId },
		action: record.action,
		createdAt: record.createdAt,
		updatedAt: record.updatedAt,
	};
}

function listBlocked(ctx: RouteContext): RouteResult {
	const store = moderationStore(ctx.state);
	return listAnswer(ctx, newestFirst(store.blocked.values()).map((r) => blockedView(ctx.state, r)), 50);
}

function listReviewed(ctx: RouteContext): RouteResult {
	const store = moderationStore(ctx.state);
	const entries = newestFirst(store.reviewed).map((entry) =>
		entry.kind === 'blocked'
			? { ...blockedView(ctx.state, entry.blocked!), appId: APP_ID }
			: flaggedView(ctx.state, entry.flagged!),
	);
	return listAnswer(ctx, entries, 50);
}

const BLOCK_REVIEW = ['approved', 'rejected'];

/**
 * Both spec entries for this path: "Review Blocked Message" {status, reviewed} and "Approve Blocked
 * Messages" {status}. Approved: the message is delivered (moderation status approved) and leaves the
 * blocked queue. With `reviewed: true` the entry moves to the reviewed queue; a rejected message
 * without it stays blocked (INFERRED).
 */
function reviewBlocked(ctx: RouteContext): RouteResult {
	const store = moderationStore(ctx.state);
	const record = store.blocked.get(ctx.params.id);
	if (!record) {
		requireMessage(ctx.state, ctx.params.id);
		throw moderationErrors.blockedNotFound(ctx.params.id);
	}
	const body = bodyObject(ctx);
	const v = new Validator();
	const status = v.requiredString(body, 'status');
	if (status !== undefined && !BLOCK_REVIEW.includes(status)) v.add('status', 'The selected status is invalid.');
	const reviewed = v.optionalBoolean(body, 'reviewed');
	v.check();
	const message = ctx.state.getMessage(record.messageId);
	const moderation = { status: status === 'approved' ? 'approved' : 'disapproved', rule: { id: record.ruleId, name: record.ruleName } };
	if (message && (status === 'approved' || reviewed)) message.data = { ...message.data, moderation };
	if (status === 'approved' || reviewed) store.blocked.delete(record.messageId);
	if (reviewed) store.reviewed.push({ kind: 'blocked', blocked: record, reviewedAt: ctx.state.now(), seq: ctx.state.nextSeq() });
	// [SPEC] texts: the review entry's with `reviewed`, the approve entry's without; the rejected one INFERRED.
	let text = `Message with ID ${record.messageId} has been reviewed successfully.`;
	if (reviewed === undefined) text = status === 'approved' ? `Message with ID ${record.messageId} has been approved.` : `Message with ID ${record.messageId} has been rejected.`;
	return ok({ success: true, message: text });
}

// ---- rules -------------------------------------------------------------------------------------

/** A rule [SPEC example order]: id, name, description, enabled, conditions, action, active, createdAt, updatedAt, revisionId. */
function ruleView(rule: RuleRecord): Record<string, unknown> {
	return compact({
		id: rule.id,
		name: rule.name,
		description: rule.description,
		enabled: rule.enabled,
		conditions: rule.conditions,
		filters: rule.filters,
		action: rule.action,
		active: true,
		createdAt: rule.createdAt,
		updatedAt: rule.updatedAt,
		revisionId: revisionId(rule.id, rule.revisions.length),
		default: rule.isDefault ? true : undefined,
	});
}

function requireRule(state: EmulatorState, id: string): RuleRecord {
	const rule = moderationStore(state).rules.get(id);
	if (!rule) throw moderationErrors.ruleNotFound(id);
	return rule;
}

/** Checks the rule fields present in `body`; `create` makes id, name, action and conditions required (INFERRED). */
function ruleInput(body: Record<string, unknown>, create: boolean): Partial<RuleFields> & { id?: string } {
	const v = new Validator();
	const id = create ? v.requiredId(body, 'id') : undefined;
	// Rule names: at most 100 characters [moderation properties and constraints].
	const name = create ? v.requiredString(body, 'name', 100) : v.optionalString(body, 'name', 100);
	const description = v.optionalString(body, 'description');
	const enabled = v.optionalBoolean(body, 'enabled');
	let action: string[] | undefined;
	if (body.action !== undefined || create) {
		if (body.action === undefined || body.action === null || (Array.isArray(body.action) && body.action.length === 0)) v.add('action', 'The action field is required.');
		else action = v.checkStringArray('action', body.action);
	}
	const conditions = objectArray(v, body, 'conditions', create, 10);
	const filters = objectArray(v, body, 'filters', false, 10);
	if (!create && [name, description, enabled, action, conditions, filters].every((value) => value === undefined)) {
		v.add('body', 'Give at least one field to update.');
	}
	v.check();
	return { id, name, description, enabled, action, conditions, filters };
}

function createRule(ctx: RouteContext): RouteResult {
	const input = ruleInput(bodyObject(ctx), true);
	const store = moderationStore(ctx.state);
	if (store.rules.has(input.id!)) throw moderationErrors.ruleExists(input.id!);
	const now = ctx.state.now();
	const fields: RuleFields = {
		name: input.name!,
		description: input.description,
		// INFERRED: a rule without `enabled` is enabled.
		enabled: input.enabled ?? true,
		conditions: input.conditions!,
		action: input.action!,
		filters: input.filters,
	};
	const rule: RuleRecord = { id: input.id!, ...fields, createdAt: now, updatedAt: now, revisions: [{ ...fields, revision: 1, updatedAt: now }], seq: ctx.state.nextSeq() };
	store.rules.set(rule.id, rule);
	return ok(ruleView(rule));
}

function listRules(ctx: RouteContext): RouteResult {
	return listAnswer(ctx, newestFirst(moderationStore(ctx.state).rules.values()).map(ruleView), 50);
}

function getRule(ctx: RouteContext): RouteResult {
	return ok(ruleView(requireRule(ctx.state, ctx.params.ruleId)));
}

/** Fields not sent keep their values (INFERRED); every update is a new revision [SPEC revisionId examples]. */
function updateRule(ctx: RouteContext): RouteResult {
	const rule = requireRule(ctx.state, ctx.params.ruleId);
	const input = ruleInput(bodyObject(ctx), false);
	for (const key of ['name', 'description', 'enabled', 'conditions', 'action', 'filters'] as const) {
		if (input[key] !== undefined) (rule as unknown as Record<string, unknown>)[key] = input[key];
	}
	rule.updatedAt = ctx.state.now();
	const { name, description, enabled, conditions, action, filters } = rule;
	rule.revisions.push({ name, description, enabled, conditions, action, filters, revision: rule.revisions.length + 1, updatedAt: rule.updatedAt });
	return ok(ruleView(rule));
}

function deleteRule(ctx: RouteContext): RouteResult {
	const rule = requireRule(ctx.state, ctx.params.ruleId);
	moderationStore(ctx.state).rules.delete(rule.id);
	return ok({ success: true, message: `Rule with id ${rule.id} has been deleted successfully.` }); // [SPEC] text
}

/** Newest revision first; the one in use is `active: true` [SPEC example]. */
function listRevisions(ctx: RouteContext): RouteResult {
	const rule = requireRule(ctx.state, ctx.params.ruleId);
	const current = rule.revisions.length;
	const revisions = [...rule.revisions].reverse().map((revision) =>
		compact({
			id: rule.id,
			name: revision.name,
			description: revision.description,
			enabled: revision.enabled,
			conditions: revision.conditions,
			filters: revision.filters,
			action: revision.action,
			active: revision.revision === current,
			createdAt: rule.createdAt,
			updatedAt: revision.updatedAt,
			revisionId: revisionId(rule.id, revision.revision),
		}),
	);
	return listAnswer(ctx, revisions, 10);
}

// ---- keyword lists (multipart/form-data bodies [SPEC]) -----------------------------------------------

/**
 * A multipart/form-data body as `{name: value}`, a repeated name as a list of values (OpenAPI's
 * encoding of array properties); a file part's value is its content. Undefined when the body is not
 * well-formed multipart for the boundary in `contentType`. For server.ts and the contract recorder
 * to parse such bodies (see the moderation report).
 */
export function parseMultipart(raw: string, contentType: string): Record<string, string | string[]> | undefined {
	const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	const boundary = match?.[1] ?? match?.[2];
	if (!boundary) return undefined;
	const sections = raw.split(`--${boundary}`);
	if (sections.length < 2 || !sections[sections.length - 1].startsWith('--')) return undefined;
	const fields: Record<string, string | string[]> = {};
	for (const section of sections.slice(1, -1)) {
		const part = section.replace(/^\r\n/, '').replace(/\r\n$/, '');
		const split = part.indexOf('\r\n\r\n');
		if (split < 0) return undefined;
		const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(part.slice(0, split))?.[1];
		if (name === undefined) return undefined;
		const value = part.slice(split + 4);
		const earlier = fields[name];
		fields[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
	}
	return fields;
}

const KEYWORD_CATEGORIES = ['word', 'pattern', 'sentence-similarity'];

/** The keyword fields of a multipart body [SPEC KeywordList (management-apis.json)]; category and its entries required. */
function keywordInput(ctx: RouteContext, create: boolean) {
	const v = new Validator();
	if (!/^multipart\/form-data/i.test(ctx.headers['content-type'] ?? '')) {
		// INFERRED: these endpoints take multipart/form-data only [SPEC].
		v.add('body', 'The request body must be multipart/form-data.');
		v.check();
	}
	const body = bodyObject(ctx);
	const id = create ? v.requiredId(body, 'id') : undefined;
	const name = v.optionalString(body, 'name');
	const description = v.optionalString(body, 'description');
	const category = v.requiredString(body, 'category');
	if (category !== undefined && !KEYWORD_CATEGORIES.includes(category)) v.add('category', 'The selected category is invalid.');
	let searchTerms: string[] | undefined;
	let disallowedSentences: string[] | undefined;
	if (category === 'sentence-similarity') {
		const raw = body.disallowedSentences;
		const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String).filter((s) => s.trim() !== '');
		if (list.length === 0) v.add('disallowedSentences', 'The disallowedSentences field is required.');
		disallowedSentences = list;
	} else if (category !== undefined) {
		const raw = v.requiredString(body, 'searchTerms');
		// "Comma-separated values of keywords or regex patterns" [SPEC]; each at most 100 characters.
		searchTerms = raw?.split(',').map((term) => term.trim()).filter((term) => term !== '');
		if (searchTerms?.some((term) => term.length > 100)) v.add('searchTerms', 'Every search term may not be greater than 100 characters.');
	}
	v.check();
	return { id, name, description, category: category!, searchTerms, disallowedSentences };
}

/** A keyword list [SPEC examples]; lists add the record's `_id`, `appId` and `__v`. */
function keywordView(list: KeywordListRecord, inList: boolean): Record<string, unknown> {
	return compact({
		_id: inList ? list._id : undefined,
		id: list.id,
		appId: inList ? APP_ID : undefined,
		name: list.name,
		description: list.description,
		category: list.category,
		isCSV: false,
		searchTerms: list.searchTerms,
		disallowedSentences: list.disallowedSentences,
		createdAt: list.createdAt,
		updatedAt: list.updatedAt,
		revisionId: revisionId(list.id, list.revision),
		active: true,
		__v: inList ? 0 : undefined,
		default: list.isDefault ? true : undefined,
	});
}

function requireKeywordList(state: EmulatorState, id: string): KeywordListRecord {
	const list = moderationStore(state).keywordLists.get(id);
	if (!list) throw moderationErrors.keywordNotFound(id);
	return list;
}

function createKeywordList(ctx: RouteContext): RouteResult {
	const input = keywordInput(ctx, true);
	const store = moderationStore(ctx.state);
	if (store.keywordLists.has(input.id!)) throw moderationErrors.keywordExists(input.id!);
	const now = ctx.state.now();
	const list: KeywordListRecord = {
		_id: randomHex(24),
		id: input.id!,
		name: input.name,
		description: input.description,
		category: input.category,
		searchTerms: input.searchTerms,
		disallowedSentences: input.disallowedSentences,
		createdAt: now,
		updatedAt: now,
		revision: 1,
		seq: ctx.state.nextSeq(),
	};
	store.keywordLists.set(list.id, list);
	return ok(keywordView(list, false));
}

function listKeywordLists(ctx: RouteContext): RouteResult {
	return listAnswer(ctx, newestFirst(moderationStore(ctx.state).keywordLists.values()).map((l) => keywordView(l, true)), 10);
}

function getKeywordList(ctx: RouteContext): RouteResult {
	return ok(keywordView(requireKeywordList(ctx.state, ctx.params.keywordId), false));
}

/** The entries are replaced; name and description change when sent (INFERRED). */
function updateKeywordList(ctx: RouteContext): RouteResult {
	const list = requireKeywordList(ctx.state, ctx.params.keywordId);
	const input = keywordInput(ctx, false);
	if (input.name !== undefined) list.name = input.name;
	if (input.description !== undefined) list.description = input.description;
	list.category = input.category;
	list.searchTerms = input.searchTerms;
	list.disallowedSentences = input.disallowedSentences;
	list.updatedAt = ctx.state.now();
	list.revision += 1;
	return ok(keywordView(list, false));
}

function deleteKeywordList(ctx: RouteContext): RouteResult {
	const list = requireKeywordList(ctx.state, ctx.params.keywordId);
	moderationStore(ctx.state).keywordLists.delete(list.id);
	return ok({ success: true, message: `Keyword with id ${list.id} has been deleted successfully.` }); // [SPEC] text
}

// ---- routes ------------------------------------------------------------------------------------

export const moderationRoutes: Route[] = [
	{ method: 'POST', path: '/moderation/reasons', handler: createReason },
	{ method: 'GET', path: '/moderation/reasons', handler: listReasons },
	{ method: 'GET', path: '/moderation/reasons/:id', handler: getReason },
	{ method: 'PUT', path: '/moderation/reasons/:id', handler: updateReason },
	{ method: 'DELETE', path: '/moderation/reasons/:id', handler: deleteReason },
	{ method: 'POST', path: '/messages/:id/flagged', handler: flagMessage },
	{ method: 'GET', path: '/moderation/flagged-messages', handler: listFlagged },
	{ method: 'PATCH', path: '/moderation/flagged-messages/:id', handler: reviewFlagged },
	{ method: 'GET', path: '/moderation/reviewed-messages', handler: listReviewed },
	{ method: 'GET', path: '/moderation/blocked-messages', handler: listBlocked },
	{ method: 'PATCH', path: '/moderation/blocked-messages/:id', handler: reviewBlocked },
	{ method: 'POST', path: '/moderation/rules', handler: createRule },
	{ method: 'GET', path: '/moderation/rules', handler: listRules },
	{ method: 'GET', path: '/moderation/rules/:ruleId', handler: getRule },
	{ method: 'PUT', path: '/moderation/rules/:ruleId', handler: updateRule },
	{ method: 'DELETE', path: '/moderation/rules/:ruleId', handler: deleteRule },
	{ method: 'GET', path: '/moderation/rules/:ruleId/revisions', handler: listRevisions },
	{ method: 'POST', path: '/moderation/keywords', handler: createKeywordList },
	{ method: 'GET', path: '/moderation/keywords', handler: listKeywordLists },
	{ method: 'GET', path: '/moderation/keywords/:keywordId', handler: getKeywordList },
	{ method: 'PUT', path: '/moderation/keywords/:keywordId', handler: updateKeywordList },
	{ method: 'DELETE', path: '/moderation/keywords/:keywordId', handler: deleteKeywordList },
];
