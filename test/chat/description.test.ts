import { aiAgentsNodeType, campaignsNode, nodeType } from '../harness';
import { waitType } from '../harness/sendAndWait';
import { entriesFor, expectSavedParameters, expectUxRules } from '../helpers';
import { operationNames, textProblems, toolSentences } from '../shared/uxText';

const properties = nodeType.description.properties;
// Fields that several operations show alike are one property (nodes/shared/fold.ts): find the one an operation shows.
const fieldOf = (name: string, resource: string, operation: string) =>
	properties.find(
		(p) => p.name === name && p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions.show.operation?.includes(operation),
	)!;
/** The entries of a collection that an operation offers (a folded collection holds several operations' entries). */
const entriesOf = (name: string, resource: string, operation: string) => entriesFor(fieldOf(name, resource, operation), resource, operation);

describe('node description', () => {
	it('keeps the resource/operation values and parameter names saved workflows depend on', () => {
		const contract: Record<string, Record<string, string[]>> = {
			apiKey: {
				create: ['name', 'scope'],
				delete: ['apiKey'],
				get: ['apiKey'],
				getAll: ['returnAll', 'limit', 'filters'],
				update: ['apiKey', 'updateFields'],
			},
			authToken: {
				create: ['uid', 'options'],
				delete: ['uid', 'authToken'],
				deleteAll: ['uid'],
				get: ['uid', 'authToken'],
				getAll: ['uid', 'returnAll', 'limit'],
				update: ['uid', 'authToken', 'updateFields'],
			},
			bannedUser: { ban: ['guid', 'uid', 'options'], getAll: ['guid', 'returnAll', 'limit'], unban: ['guid', 'uid', 'options'] },
			blockedUser: { block: ['uid', 'blockedUids'], getAll: ['uid', 'returnAll', 'limit'], unblock: ['uid', 'blockedUids'] },
			bot: {
				create: ['uid', 'webhookURL', 'useBasicAuth', 'username', 'password', 'options'],
				delete: ['uid'],
				get: ['uid'],
				getAll: ['returnAll', 'limit', 'filters'],
				update: ['uid', 'updateFields'],
			},
			call: {
				get: ['sessionId', 'options'],
				getAll: ['returnAll', 'limit', 'filters', 'options'],
				getTranscriptions: ['sessionId', 'returnAll', 'limit', 'options'],
			},
			conversation: {
				delete: ['conversationId', 'onBehalfOf'],
				get: ['conversationWith', 'uid', 'guid', 'onBehalfOf'],
				getAll: ['returnAll', 'limit', 'filters', 'options'],
				getAppPins: [],
				getById: ['conversationId', 'onBehalfOf'],
				markDelivered: ['conversationWith', 'uid', 'guid', 'onBehalfOf', 'options'],
				markRead: ['conversationWith', 'uid', 'guid', 'onBehalfOf', 'options'],
				markUnread: ['conversationWith', 'uid', 'guid', 'onBehalfOf', 'messageId'],
				pin: ['conversationWith', 'uid', 'guid', 'onBehalfOf'],
				reset: ['conversationWith', 'uid', 'guid', 'onBehalfOf', 'options'],
				setAppPins: ['pinnedConversations'],
				unpin: ['conversationWith', 'uid', 'guid', 'onBehalfOf'],
				update: ['conversationWith', 'uid', 'guid', 'onBehalfOf', 'tags'],
			},
			dataImport: {
				importGroups: ['groups', 'options'],
				importMembers: ['members', 'options'],
				importMessages: ['messages', 'options'],
				importUsers: ['users', 'options'],
			},
			friend: { add: ['uid', 'friendUids'], getAll: ['uid', 'returnAll', 'limit', 'filters'], remove: ['uid', 'friendUids'] },
			group: {
				create: ['guid', 'name', 'type', 'password', 'options'],
				delete: ['guid', 'options'],
				get: ['guid', 'simplify', 'options'],
				getAll: ['returnAll', 'limit', 'simplify', 'filters', 'options'],
				update: ['guid', 'updateFields', 'unset', 'options'],
			},
			groupMember: {
				add: ['guid', 'admins', 'moderators', 'participants', 'usersToBan', 'options'],
				changeScope: ['guid', 'uid', 'scope', 'options'],
				getAll: ['guid', 'returnAll', 'limit', 'filters'],
				kick: ['guid', 'uid', 'options'],
			},
			message: {
				addReaction: ['messageId', 'user', 'reaction'],
				delete: ['messageId', 'options'],
				flag: ['messageId', 'flaggedBy', 'reasonId', 'options'],
				get: ['messageId', 'options'],
				getAll: ['messagesOf', 'uid', 'guid', 'returnAll', 'limit', 'filters', 'options'],
				getReactions: ['messageId', 'returnAll', 'limit', 'filters', 'options'],
				getThread: ['messageId', 'returnAll', 'limit', 'options'],
				listThreads: ['returnAll', 'limit', 'filters', 'options'],
				markInteracted: ['messageId', 'user', 'elementIds'],
				pin: ['messageId', 'options'],
				removeReaction: ['messageId', 'user', 'reaction'],
				replyInThread: ['messageId', 'sender', 'receiverType', 'receiver', 'messageType', 'text', 'mediaType', 'attachments', 'caption', 'customType', 'customData', 'mentions', 'options'],
				save: ['messageId', 'user'],
				send: ['sendAndWaitNotice', 'receiverType', 'receiver', 'receiverUids', 'receiverGuids', 'messageType', 'text', 'mediaType', 'attachments', 'caption', 'customType', 'customData', 'interactiveType', 'interactiveData', 'interactionGoal', 'allowSenderInteraction', 'mentions', 'options'],
				sendAsBot: ['sendAndWaitNotice', 'bot', 'receiverType', 'receiver', 'receiverUids', 'receiverGuids', 'messageType', 'text', 'mediaType', 'attachments', 'caption', 'customType', 'customData', 'interactiveType', 'interactiveData', 'interactionGoal', 'allowSenderInteraction', 'mentions', 'options'],
				subscribeThread: ['messageId', 'user'],
				unpin: ['messageId', 'options'],
				unsave: ['messageId', 'user'],
				unsubscribeThread: ['messageId', 'user'],
				update: ['messageId', 'updateFields', 'options'],
			},
			metric: { getMessageMetrics: [], getUsageMetrics: ['fromDate', 'toDate'] },
			moderatedMessage: {
				getBlocked: ['returnAll', 'limit'],
				getFlagged: ['returnAll', 'limit'],
				getReviewed: ['returnAll', 'limit'],
				reviewBlocked: ['messageId', 'status', 'reviewed'],
				reviewFlagged: ['messageId', 'status'],
			},
			moderationKeywordList: {
				create: ['keywordListId', 'name', 'category', 'searchTerms', 'disallowedSentences', 'options'],
				delete: ['keywordListId'],
				get: ['keywordListId'],
				getAll: ['returnAll', 'limit'],
				update: ['keywordListId', 'category', 'searchTerms', 'disallowedSentences', 'options'],
			},
			moderationReason: {
				create: ['reasonId', 'name', 'options'],
				delete: ['reasonId'],
				get: ['reasonId'],
				getAll: ['returnAll', 'limit'],
				update: ['reasonId', 'name'],
			},
			moderationRule: {
				create: ['ruleId', 'name', 'conditions', 'actions', 'enabled', 'options'],
				delete: ['ruleId'],
				get: ['ruleId'],
				getAll: ['returnAll', 'limit'],
				getRevisions: ['ruleId', 'returnAll', 'limit'],
				update: ['ruleId', 'updateFields'],
			},
			notificationContact: { delete: ['uid'], get: ['uid'], update: ['uid', 'updateFields'] },
			notificationLog: { getAll: ['returnAll', 'limit', 'filters'] },
			notificationPreference: {
				get: ['uid'],
				getMuted: ['uid', 'returnAll', 'limit'],
				getTimezone: ['uid'],
				mute: ['uid', 'conversationType', 'conversations', 'options'],
				reset: ['uid'],
				unmute: ['uid', 'conversationType', 'conversations'],
				update: ['uid', 'updateFields'],
				updateTimezone: ['uid', 'timezone'],
			},
			notificationProvider: {
				// One field per name, shown for the providers that have it; Options and Update Fields per provider.
				create: [
					'provider',
					'providerId',
					'keyId',
					'teamId',
					'bundleId',
					'p8Key',
					'productionMode',
					'webhookURL',
					'useBasicAuth',
					'basicAuthUsername',
					'basicAuthPassword',
					'useStoredEmailID',
					'useStoredPhNo',
					'serviceAccountJson',
					'sendGridApiKey',
					'sendGridTemplateID',
					'sendGridUnsubscribeGroupID',
					'senderName',
					'senderEmail',
					'allowEmailReplies',
					'senderEmailForReplies',
					'twilioAccountSID',
					'twilioAuthToken',
					'twilioSenderPhoneNumber',
					'isEnabled',
					'options',
					'options',
				],
				delete: ['provider', 'providerId'],
				get: ['provider', 'options'],
				setDefault: ['provider', 'providerId'],
				update: ['provider', 'providerId', ...Array(7).fill('updateFields')],
			},
			notificationSetting: { get: [], reset: [], update: ['updateFields'] },
			pushToken: {
				delete: ['pushToken', 'authToken'],
				getAll: ['authToken', 'all', 'returnAll', 'limit'],
				register: ['authToken', 'platform', 'pushToken', 'options'],
				unregister: ['authToken', 'all'],
			},
			role: {
				allowFeatures: ['role', 'allowAll', 'features'],
				create: ['roleId', 'name', 'options'],
				delete: ['role'],
				get: ['role'],
				getAll: ['returnAll', 'limit'],
				getPermissions: ['role'],
				getRestrictedFeatures: ['role'],
				getScopePermissions: ['guid', 'scope'],
				resetPermission: ['role', 'permission'],
				resetScopePermission: ['guid', 'scope', 'permission'],
				restrictFeatures: ['role', 'features'],
				setPermissions: ['role', 'permissions'],
				setScopePermissions: ['guid', 'scope', 'permissions'],
				update: ['role', 'updateFields', 'unset'],
			},
			user: {
				create: ['uid', 'name', 'options'],
				deactivate: ['uids'],
				delete: ['uid', 'options'],
				get: ['uid', 'simplify', 'options'],
				getAll: ['returnAll', 'limit', 'simplify', 'filters'],
				reactivate: ['uids'],
				update: ['uid', 'updateFields', 'unset'],
			},
		};
		// The defaults of the first five operations' resources stay what 0.1.0 shipped.
		const defaults = Object.fromEntries(
			properties.filter((p) => p.name === 'operation').map((p) => [p.displayOptions?.show?.resource?.[0], p.default]),
		);
		expect(defaults).toMatchObject({ authToken: 'create', bannedUser: 'unban', blockedUser: 'block', message: 'send', user: 'getAll' });
		expectSavedParameters(properties, contract);
		expect(entriesOf('options', 'bannedUser', 'ban').map((o) => o.name)).toEqual(['onBehalfOf']);
		expect(entriesOf('options', 'message', 'send').map((o) => o.name).sort()).toEqual(['metadata', 'muid', 'onBehalfOf', 'tags']);
		expect(entriesOf('options', 'authToken', 'create').map((o) => o.name)).toEqual(['force']);
		const messageFilters = entriesOf('filters', 'message', 'getAll');
		expect(messageFilters.map((o) => o.name)).toEqual([
			'attachmentTypes', 'categories', 'conversationId', 'deleted', 'from', 'hasAttachments', 'hasLinks', 'hasMentions', 'hasReactions',
			'hideMessagesFromBlockedUsers', 'hideReplies', 'mentionedUids', 'mentionsWithBlockedInfo', 'mentionsWithTagInfo', 'myMentionsOnly',
			'receiverType', 'searchKey', 'sender', 'tags', 'to', 'types', 'undelivered', 'unread', 'withTags',
		]);
		const userFilters = entriesOf('filters', 'user', 'getAll');
		expect(userFilters.map((o) => o.name).sort()).toEqual(
			['onlyDeactivated', 'role', 'roles', 'searchIn', 'searchKey', 'status', 'tags', 'withDeactivated', 'withTags'],
		);
	});

	it('points Send and Send as Bot to the CometChat Send and Wait node for questions that wait for the answer, with one notice', () => {
		const notices = properties.filter((p) => p.name === 'sendAndWaitNotice');
		// One property for both operations (folded), shown only there.
		expect(notices).toEqual([
			{ displayName: expect.stringContaining('use the "CometChat Send and Wait" node'), name: 'sendAndWaitNotice', type: 'notice', default: '', displayOptions: { show: { resource: ['message'], operation: ['send', 'sendAsBot'] } } },
		]);
		expect(notices[0].displayName).toMatch(/^To ask someone in the chat and wait for their answer \(approve or decline, free text, a form\)/);
		// The node it names is the one this package ships.
		expect(waitType.description.displayName).toBe('CometChat Send and Wait');
	});

	it('follows n8n\'s UX rules: actions, sorted options, relative URLs, defaults, Whether-booleans', () => {
		expectUxRules(properties);
		expect(nodeType.description.usableAsTool).toBe(true);
		expect(fieldOf('limit', 'user', 'getAll').displayOptions?.show?.returnAll).toEqual([false]);
	});

	it("words the Bot resource as n8n's guidelines ask, and tells an AI agent what each bot operation does", () => {
		expect(textProblems(nodeType, operationNames([nodeType, aiAgentsNodeType, campaignsNode.nodeType]), ['bot'])).toEqual([]);
		expect(toolSentences(nodeType.description, ['bot']).map((s) => s.sentence)).toEqual([
			'Create a bot in CometChat',
			'Delete a bot in CometChat',
			'Get a bot in CometChat',
			'Get many bots in CometChat',
			'Update a bot in CometChat',
		]);
	});
});
