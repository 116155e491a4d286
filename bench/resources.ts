/**
 * One typical operation of every resource of the chat node, for the per-resource leg of the
 * benchmark (`--only=resources`): the node's CPU per item against the same node with only the
 * properties that operation shows (its floor in n8n's RoutingNode). Fields are expressions over the
 * item, as a user maps them from a previous node; the emulator holds its demo data (test/emulator/seed.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

export interface ResourceTask {
	/** The row's name: the resource, or the resource and what the row adds. */
	id: string;
	resource: string;
	/** The operation's name in the editor. */
	operation: string;
	parameters: INodeParameters;
	/** Input item `i` of a run whose items are tagged `prefix` (unique where the operation creates something). */
	input: (i: number, prefix: string) => IDataObject;
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const USERS = ['cometchat-uid-1', 'cometchat-uid-2', 'cometchat-uid-3', 'cometchat-uid-5'];
const user = (i: number) => USERS[i % USERS.length];
const listOf = (limit: string) => ({ returnAll: false, limit });

export const RESOURCE_TASKS: ResourceTask[] = [
	{ id: 'apiKey', resource: 'apiKey', operation: 'Get Many', parameters: { resource: 'apiKey', operation: 'getAll', ...listOf('={{ $json.limit }}'), filters: { scope: '={{ $json.scope }}' } }, input: () => ({ limit: 5, scope: 'fullAccess' }) },
	{ id: 'authToken', resource: 'authToken', operation: 'Create', parameters: { resource: 'authToken', operation: 'create', uid: byId('={{ $json.uid }}') }, input: (i) => ({ uid: user(i) }) },
	{ id: 'bannedUser', resource: 'bannedUser', operation: 'Get Many', parameters: { resource: 'bannedUser', operation: 'getAll', guid: byId('={{ $json.guid }}'), ...listOf('={{ $json.limit }}') }, input: () => ({ guid: 'cometchat-guid-1', limit: 10 }) },
	{ id: 'blockedUser', resource: 'blockedUser', operation: 'Block', parameters: { resource: 'blockedUser', operation: 'block', uid: byId('={{ $json.uid }}'), blockedUids: '={{ $json.blocked }}' }, input: (i) => ({ uid: user(i), blocked: 'spammer-42' }) },
	{ id: 'call', resource: 'call', operation: 'Get Many', parameters: { resource: 'call', operation: 'getAll', ...listOf('={{ $json.limit }}'), filters: { uid: '={{ $json.uid }}' } }, input: (i) => ({ limit: 10, uid: user(i) }) },
	{ id: 'conversation', resource: 'conversation', operation: 'Mark as Read', parameters: { resource: 'conversation', operation: 'markRead', conversationWith: 'user', uid: byId('={{ $json.with }}'), onBehalfOf: byId('={{ $json.uid }}') }, input: () => ({ uid: 'cometchat-uid-1', with: 'cometchat-uid-2' }) },
	{ id: 'dataImport', resource: 'dataImport', operation: 'Import Users', parameters: { resource: 'dataImport', operation: 'importUsers', users: '={{ JSON.stringify([{ uid: $json.uid, name: $json.name }]) }}' }, input: (i, prefix) => ({ uid: `import-${prefix}-${i}`, name: `Imported User ${i}` }) },
	{ id: 'friend', resource: 'friend', operation: 'Add', parameters: { resource: 'friend', operation: 'add', uid: byId('={{ $json.uid }}'), friendUids: '={{ $json.friends }}' }, input: (i) => ({ uid: user(i), friends: 'guest-emma' }) },
	{ id: 'group', resource: 'group', operation: 'Create', parameters: { resource: 'group', operation: 'create', guid: '={{ $json.guid }}', name: '={{ $json.name }}', type: 'public' }, input: (i, prefix) => ({ guid: `group-${prefix}-${i}`, name: `Bench Group ${i}` }) },
	{ id: 'groupMember', resource: 'groupMember', operation: 'Add', parameters: { resource: 'groupMember', operation: 'add', guid: byId('={{ $json.guid }}'), participants: '={{ $json.uid }}' }, input: (i) => ({ guid: 'cometchat-guid-1', uid: user(i) }) },
	{ id: 'message', resource: 'message', operation: 'Send', parameters: { resource: 'message', operation: 'send', messageType: 'text', receiverType: 'user', receiver: byId('={{ $json.to }}'), text: '={{ $json.text }}' }, input: (i) => ({ to: user(i), text: `Hello ${i}` }) },
	// The same with Options → On Behalf Of from the item: an expression inside a collection (see BENCHMARKS.md).
	{ id: 'message (On Behalf Of)', resource: 'message', operation: 'Send', parameters: { resource: 'message', operation: 'send', messageType: 'text', receiverType: 'user', receiver: byId('={{ $json.to }}'), text: '={{ $json.text }}', options: { onBehalfOf: '={{ $json.from }}' } }, input: (i) => ({ to: user(i), from: 'cometchat-uid-4', text: `Hello ${i}` }) },
	{ id: 'metric', resource: 'metric', operation: 'Get Usage Metrics', parameters: { resource: 'metric', operation: 'getUsageMetrics', fromDate: '={{ $json.from }}', toDate: '={{ $json.to }}' }, input: () => ({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }) },
	{ id: 'moderatedMessage', resource: 'moderatedMessage', operation: 'Get Flagged', parameters: { resource: 'moderatedMessage', operation: 'getFlagged', ...listOf('={{ $json.limit }}') }, input: () => ({ limit: 10 }) },
	{ id: 'moderationKeywordList', resource: 'moderationKeywordList', operation: 'Get Many', parameters: { resource: 'moderationKeywordList', operation: 'getAll', ...listOf('={{ $json.limit }}') }, input: () => ({ limit: 10 }) },
	{ id: 'moderationReason', resource: 'moderationReason', operation: 'Get Many', parameters: { resource: 'moderationReason', operation: 'getAll', ...listOf('={{ $json.limit }}') }, input: () => ({ limit: 10 }) },
	{ id: 'moderationRule', resource: 'moderationRule', operation: 'Get Many', parameters: { resource: 'moderationRule', operation: 'getAll', ...listOf('={{ $json.limit }}') }, input: () => ({ limit: 10 }) },
	{ id: 'notificationContact', resource: 'notificationContact', operation: 'Update', parameters: { resource: 'notificationContact', operation: 'update', uid: byId('={{ $json.uid }}'), updateFields: { email: '={{ $json.email }}' } }, input: (i) => ({ uid: user(i), email: `user${i}@example.com` }) },
	{ id: 'notificationLog', resource: 'notificationLog', operation: 'Get Many', parameters: { resource: 'notificationLog', operation: 'getAll', ...listOf('={{ $json.limit }}') }, input: () => ({ limit: 10 }) },
	{ id: 'notificationPreference', resource: 'notificationPreference', operation: 'Get', parameters: { resource: 'notificationPreference', operation: 'get', uid: byId('={{ $json.uid }}') }, input: (i) => ({ uid: user(i) }) },
	{ id: 'notificationProvider', resource: 'notificationProvider', operation: 'Get', parameters: { resource: 'notificationProvider', operation: 'get', provider: 'fcm' }, input: () => ({}) },
	{ id: 'notificationSetting', resource: 'notificationSetting', operation: 'Get', parameters: { resource: 'notificationSetting', operation: 'get' }, input: () => ({}) },
	{ id: 'pushToken', resource: 'pushToken', operation: 'Get Many', parameters: { resource: 'pushToken', operation: 'getAll', authToken: '={{ $json.authToken }}', ...listOf('={{ $json.limit }}') }, input: () => ({ authToken: 'bench-auth-token', limit: 10 }) },
	{ id: 'role', resource: 'role', operation: 'Get', parameters: { resource: 'role', operation: 'get', role: byId('={{ $json.role }}') }, input: () => ({ role: 'moderator' }) },
	{ id: 'user', resource: 'user', operation: 'Create', parameters: { resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' }, input: (i, prefix) => ({ uid: `${prefix}-${i}`, name: `Bench User ${i}` }) },
];
