import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { RecordedRequest } from '../emulator';
import { addReason, blockMessage, moderationStore, parseMultipart } from '../emulator/routes/moderation';
import { messageView } from '../emulator/routes/shared';
import { expectRefused, expectRequest, httpCode, json, run, seedTextMessage, useEmulator } from '../helpers';

const params = (resource: string, operation: string, extra: Record<string, unknown> = {}) => ({ resource, operation, ...extra }) as INodeParameters;

describe('Moderation Reason', () => {
	const ctx = useEmulator();
	const reason = (operation: string, extra: Record<string, unknown> = {}) => params('moderationReason', operation, extra);
	const store = () => moderationStore(ctx.emulator.state);

	describe('Create', () => {
		it('sends id, name and description and returns the reason as CometChat gives it', async () => {
			const { items, error } = await run(ctx, reason('create', { reasonId: ' scam ', name: ' Scam ', options: { description: 'Tries to get money' } }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'POST',
					path: '/v3/moderation/reasons',
					body: { id: 'scam', name: 'Scam', description: 'Tries to get money' },
					headers: { 'content-type': 'application/json', onBehalfOf: undefined },
				},
				ctx.emulator.apiKey,
			);
			const created = store().reasons.get('scam')!;
			expect(json(items)).toEqual([
				{ id: 'scam', name: 'Scam', description: 'Tries to get money', createdAt: created.createdAt, updatedAt: created.updatedAt },
			]);
			expect(typeof items[0].json.createdAt).toBe('number');
		});

		it('leaves an empty description out', async () => {
			await run(ctx, reason('create', { reasonId: 'scam', name: 'Scam', options: { description: '' } }));
			expect(ctx.emulator.requests[0].body).toEqual({ id: 'scam', name: 'Scam' });
		});

		it.each([
			['an empty Reason ID', '', 'Scam', 'Reason ID: is empty [item 0]'],
			['a Reason ID with a space', 'scam list', 'Scam', 'Reason ID: "scam list" has characters CometChat does not allow'],
			['an empty Name', 'scam', '  ', 'Name: is empty [item 0]'],
			['a Name that is an object', 'scam', { text: 'Scam' }, 'Name: must be text, not an object [item 0]'],
		])('stops %s before any request', async (_case, reasonId, name, text) => {
			await expectRefused(ctx, reason('create', { reasonId: '={{ $json.reasonId }}', name: '={{ $json.name }}' }), { reasonId, name }, text);
		});

		it('passes on CometChat\'s refusal of an ID in use', async () => {
			addReason(ctx.emulator.state, { id: 'scam', name: 'Scam' });
			const { error } = await run(ctx, reason('create', { reasonId: 'scam', name: 'Scam again' }));
			expect(error?.message).toBe('ERR_REASON_ALREADY_EXISTS: The reason with id scam already exists. [item 0]');
			expect(httpCode(error)).toBe('400');
		});
	});

	describe('Get', () => {
		it('gets a reason by its ID, timestamps as CometChat sends them', async () => {
			const seeded = addReason(ctx.emulator.state, { id: 'spam', name: 'Spam', description: 'Unwanted content', isDefault: true });
			const { items, error } = await run(ctx, reason('get', { reasonId: 'spam' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/reasons/spam', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([
				{ id: 'spam', name: 'Spam', description: 'Unwanted content', createdAt: String(seeded.createdAt), updatedAt: String(seeded.updatedAt), default: true },
			]);
		});

		it('fails the item with ERR_REASON_NOT_FOUND (404) for an unknown reason', async () => {
			const { error } = await run(ctx, reason('get', { reasonId: 'nonsense' }));
			expect(error?.message).toBe('ERR_REASON_NOT_FOUND: The reason with id nonsense does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
		});

		it('stops a Reason ID that is a list before any request', async () => {
			await expectRefused(ctx, reason('get', { reasonId: '={{ $json.id }}' }), { id: ['spam'] }, 'Reason ID: expected a single ID but got an array [item 0]');
		});
	});

	describe('Get Many', () => {
		const seedReasons = (count: number) => {
			for (let i = 1; i <= count; i++) addReason(ctx.emulator.state, { id: `reason-${i}`, name: `Reason ${i}` });
		};

		it('sends one request without paging parameters and trims the output to the Limit', async () => {
			seedReasons(5);
			const { items, error } = await run(ctx, reason('getAll', { limit: 3 }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/reasons', query: {}, body: undefined }, ctx.emulator.apiKey);
			expect(json(items).map((r) => r.id)).toEqual(['reason-5', 'reason-4', 'reason-3']);
			expect(items[0].json).toEqual({ id: 'reason-5', name: 'Reason 5', createdAt: expect.any(String), updatedAt: expect.any(String) });
		});

		it('returns everything CometChat sends with Return All: one answer, as the spec gives this list no paging', async () => {
			seedReasons(4);
			const { items } = await run(ctx, reason('getAll', { returnAll: true }));
			expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{}]);
			expect(json(items).map((r) => r.id)).toEqual(['reason-4', 'reason-3', 'reason-2', 'reason-1']);
		});

		it('is tested against the emulator\'s one-answer list: meta.current only, at most its default limit', async () => {
			seedReasons(12);
			const { items } = await run(ctx, reason('getAll', { returnAll: true }));
			expect(ctx.emulator.requests).toHaveLength(1);
			expect(items).toHaveLength(10);
			const response = await fetch(`${ctx.emulator.url}/moderation/reasons`, { headers: { apikey: ctx.emulator.apiKey } });
			expect(((await response.json()) as { meta: unknown }).meta).toEqual({ current: { limit: 10, count: 10 } });
		});

		it('returns no items when there are no reasons', async () => {
			const { items, error } = await run(ctx, reason('getAll', { returnAll: true }));
			expect(error).toBeUndefined();
			expect(items).toEqual([]);
		});
	});

	describe('Update', () => {
		it('sends the new name and returns the updated reason', async () => {
			addReason(ctx.emulator.state, { id: 'spam', name: 'Spam', description: 'Unwanted content' });
			const { items, error } = await run(ctx, reason('update', { reasonId: 'spam', name: 'Spam and scams' }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'PUT', path: '/v3/moderation/reasons/spam', body: { name: 'Spam and scams' }, headers: { 'content-type': 'application/json' } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([
				{ id: 'spam', name: 'Spam and scams', description: 'Unwanted content', createdAt: expect.any(String), updatedAt: expect.any(String) },
			]);
			expect(store().reasons.get('spam')?.name).toBe('Spam and scams');
		});

		it('stops an empty Name before any request', async () => {
			await expectRefused(ctx, reason('update', { reasonId: 'spam', name: '={{ $json.name }}' }), { name: '' }, 'Name: is empty [item 0]');
		});

		it('fails with ERR_REASON_NOT_FOUND for an unknown reason', async () => {
			const { error } = await run(ctx, reason('update', { reasonId: 'nonsense', name: 'X' }));
			expect(error?.message).toMatch(/^ERR_REASON_NOT_FOUND: /);
		});
	});

	describe('Delete', () => {
		it('deletes the reason and returns {deleted: true, message} from CometChat\'s unwrapped answer', async () => {
			addReason(ctx.emulator.state, { id: 'spam', name: 'Spam' });
			const { items, error } = await run(ctx, reason('delete', { reasonId: 'spam' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/moderation/reasons/spam', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true, message: 'The reason with id spam has been deleted successfully.' }]);
			expect(store().reasons.has('spam')).toBe(false);
		});

		it('reads the message from a {data: {...}} answer too', async () => {
			ctx.emulator.failNext({ status: 200, body: { data: { success: true, message: 'Deleted.' } } });
			const { items } = await run(ctx, reason('delete', { reasonId: 'spam' }));
			expect(json(items)).toEqual([{ deleted: true, message: 'Deleted.' }]);
		});

		it('stops a Reason ID with a dot before any request', async () => {
			await expectRefused(ctx, reason('delete', { reasonId: '={{ $json.id }}' }), { id: 'spam.x' }, 'Reason ID: "spam.x" has characters');
		});
	});
});

describe('Moderation Rule', () => {
	const ctx = useEmulator();
	const rule = (operation: string, extra: Record<string, unknown> = {}) => params('moderationRule', operation, extra);
	const store = () => moderationStore(ctx.emulator.state);
	const condition = { id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', isKeywordReferencePresent: true, isMediaPresent: false, value: 'profanity-list' };
	const filter = { type: 'sender', entity: 'user', operand: 'role', operator: 'equals', value: 'default' };
	const create = (extra: Record<string, unknown> = {}) =>
		rule('create', { ruleId: 'no-profanity', name: 'No profanity', conditions: JSON.stringify([condition]), actions: 'blockMessage', ...extra });

	describe('Create', () => {
		it('sends every field and returns the rule with its first revision', async () => {
			const { items, error } = await run(
				ctx,
				create({ actions: 'blockMessage, dropMessage', enabled: false, options: { description: 'Blocks swearing', filters: JSON.stringify([filter]) } }),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'POST',
					path: '/v3/moderation/rules',
					body: {
						id: 'no-profanity',
						name: 'No profanity',
						description: 'Blocks swearing',
						filters: [filter],
						enabled: false,
						action: ['blockMessage', 'dropMessage'],
						conditions: [condition],
					},
					headers: { 'content-type': 'application/json' },
				},
				ctx.emulator.apiKey,
			);
			const created = store().rules.get('no-profanity')!;
			expect(json(items)).toEqual([
				{
					id: 'no-profanity',
					name: 'No profanity',
					description: 'Blocks swearing',
					enabled: false,
					conditions: [condition],
					filters: [filter],
					action: ['blockMessage', 'dropMessage'],
					active: true,
					createdAt: created.createdAt,
					updatedAt: created.updatedAt,
					revisionId: 'demo-app_no-profanity_1',
				},
			]);
		});

		it('uses the defaults: enabled, blockMessage, the example condition', async () => {
			const { error } = await run(ctx, rule('create', { ruleId: 'defaults', name: 'Defaults' }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests[0].body).toEqual({
				id: 'defaults',
				name: 'Defaults',
				enabled: true,
				action: ['blockMessage'],
				conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isKeywordReferencePresent: true, isMediaPresent: false, value: 'profanity-list' }],
			});
		});

		it('takes one condition object, or a list from an expression, as the list of conditions', async () => {
			await run(ctx, create({ conditions: '={{ $json.conditions }}', actions: '={{ $json.actions }}' }), {
				input: [{ json: { conditions: condition, actions: ['dropMessage'] } }],
			});
			expect(ctx.emulator.requests[0].body).toMatchObject({ conditions: [condition], action: ['dropMessage'] });
		});

		it.each([
			['Conditions that are not JSON', { conditions: '[{"entity": ' }, 'Conditions (JSON): is not valid JSON'],
			['Conditions that are an empty list', { conditions: [] }, 'Conditions (JSON): is empty; give at least one [item 0]'],
			['Conditions with a text entry', { conditions: ['text'] }, 'Conditions (JSON): entry 1 must be an object, not a string [item 0]'],
			['Conditions that are a number', { conditions: 5 }, 'Conditions (JSON): must be a JSON array of objects, not a number [item 0]'],
			['11 Conditions', { conditions: Array.from({ length: 11 }, () => condition) }, 'Conditions (JSON): has 11 entries; CometChat allows at most 10 [item 0]'],
			['empty Actions', { actions: ' , ' }, 'Actions: is empty; give at least one, such as blockMessage [item 0]'],
			['an Action with a space', { actions: 'block message' }, 'Actions: "block message" is not an action name'],
			['a Name over 100 characters', { name: 'n'.repeat(101) }, 'Name: is 101 characters long; CometChat allows at most 100 [item 0]'],
			['a Rule ID with a slash', { ruleId: 'a/b' }, 'Rule ID: "a/b" has characters CometChat does not allow'],
			['an Enabled that is text', { enabled: 'yes' }, 'Enabled: must be true or false, not a string [item 0]'],
		])('stops %s before any request', async (_case, input, text) => {
			const fields = Object.fromEntries(Object.keys(input).map((key) => [key, `={{ $json.${key} }}`]));
			await expectRefused(ctx, create(fields), input, text);
		});

		it('stops Filters that are not objects before any request', async () => {
			await expectRefused(ctx, create({ options: { filters: '={{ $json.filters }}' } }), { filters: [1] }, 'Filters (JSON): entry 1 must be an object, not a number [item 0]');
		});

		it('passes on CometChat\'s refusal of an ID in use', async () => {
			await run(ctx, create());
			ctx.emulator.requests.length = 0;
			const { error } = await run(ctx, create());
			expect(error?.message).toBe('ERR_RULE_ALREADY_EXISTS: Rule with id no-profanity already exists. [item 0]');
			expect(httpCode(error)).toBe('400');
		});
	});

	describe('Get', () => {
		it('gets a rule by its ID', async () => {
			await run(ctx, create());
			const { items, error } = await run(ctx, rule('get', { ruleId: 'no-profanity' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[1], { method: 'GET', path: '/v3/moderation/rules/no-profanity', body: undefined }, ctx.emulator.apiKey);
			expect(items[0].json).toMatchObject({ id: 'no-profanity', name: 'No profanity', revisionId: 'demo-app_no-profanity_1', active: true });
		});

		it('fails the item with ERR_RULE_NOT_FOUND (404) for an unknown rule', async () => {
			const { error } = await run(ctx, rule('get', { ruleId: 'nonsense' }));
			expect(error?.message).toBe('ERR_RULE_NOT_FOUND: Rule with id nonsense does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
		});

		it('stops an empty Rule ID before any request', async () => {
			await expectRefused(ctx, rule('get', { ruleId: '={{ $json.id }}' }), { id: ' ' }, 'Rule ID: is empty [item 0]');
		});
	});

	describe('Get Many', () => {
		const seedRules = async (count: number) => {
			for (let i = 1; i <= count; i++) await run(ctx, create({ ruleId: `rule-${i}`, name: `Rule ${i}` }));
			ctx.emulator.requests.length = 0;
		};

		it('asks for only the Limit and returns one item per rule, newest first', async () => {
			await seedRules(3);
			const { items, error } = await run(ctx, rule('getAll', { limit: 2 }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/rules', query: { limit: '2' }, body: undefined }, ctx.emulator.apiKey);
			expect(json(items).map((r) => r.id)).toEqual(['rule-3', 'rule-2']);
		});

		it('asks for up to 1000 with Return All, in one request (the list has no next page to ask for)', async () => {
			await seedRules(3);
			const { items } = await run(ctx, rule('getAll', { returnAll: true }));
			expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ limit: '1000' }]);
			expect(json(items).map((r) => r.id)).toEqual(['rule-3', 'rule-2', 'rule-1']);
		});

		it('asks for at most 1000 when the Limit is higher', async () => {
			await seedRules(2);
			const { items } = await run(ctx, rule('getAll', { limit: 5000 }));
			expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ limit: '1000' }]);
			expect(items).toHaveLength(2);
		});

		it('stops a Limit that is not a whole number before any request', async () => {
			await expectRefused(ctx, rule('getAll', { limit: '={{ $json.limit }}' }), { limit: 2.5 }, 'Limit: must be a whole number of at least 1, not 2.5 [item 0]');
		});
	});

	describe('Update', () => {
		it('sends only the fields added and returns the rule with a new revision', async () => {
			await run(ctx, create());
			const { items, error } = await run(
				ctx,
				rule('update', { ruleId: 'no-profanity', updateFields: { enabled: false, actions: 'dropMessage', filters: JSON.stringify(filter) } }),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[1],
				{
					method: 'PUT',
					path: '/v3/moderation/rules/no-profanity',
					body: { enabled: false, action: ['dropMessage'], filters: [filter] },
					headers: { 'content-type': 'application/json' },
				},
				ctx.emulator.apiKey,
			);
			expect(items[0].json).toMatchObject({ id: 'no-profanity', name: 'No profanity', enabled: false, action: ['dropMessage'], revisionId: 'demo-app_no-profanity_2' });
			expect(store().rules.get('no-profanity')?.enabled).toBe(false);
		});

		it('stops an empty Update Fields before any request', async () => {
			const { error } = await run(ctx, rule('update', { ruleId: 'no-profanity', updateFields: {} }));
			expect(error?.message).toBe('Update Fields: is empty [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('fails with ERR_RULE_NOT_FOUND for an unknown rule', async () => {
			const { error } = await run(ctx, rule('update', { ruleId: 'nonsense', updateFields: { name: 'X' } }));
			expect(error?.message).toMatch(/^ERR_RULE_NOT_FOUND: /);
		});
	});

	describe('Delete', () => {
		it('deletes the rule and returns {deleted: true, message}', async () => {
			await run(ctx, create());
			const { items, error } = await run(ctx, rule('delete', { ruleId: 'no-profanity' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[1], { method: 'DELETE', path: '/v3/moderation/rules/no-profanity', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true, message: 'Rule with id no-profanity has been deleted successfully.' }]);
			expect(store().rules.size).toBe(0);
		});

		it('stops a Rule ID over 100 characters before any request', async () => {
			await expectRefused(ctx, rule('delete', { ruleId: '={{ $json.id }}' }), { id: 'r'.repeat(101) }, 'Rule ID: is 101 characters long');
		});
	});

	describe('Get Revisions', () => {
		it('lists the revisions newest first, the one in use active, and trims to the Limit', async () => {
			await run(ctx, create());
			await run(ctx, rule('update', { ruleId: 'no-profanity', updateFields: { name: 'No swearing' } }));
			ctx.emulator.requests.length = 0;
			const { items, error } = await run(ctx, rule('getRevisions', { ruleId: 'no-profanity', returnAll: true }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/rules/no-profanity/revisions', query: {}, body: undefined }, ctx.emulator.apiKey);
			expect(json(items).map((r) => [r.revisionId, r.name, r.active])).toEqual([
				['demo-app_no-profanity_2', 'No swearing', true],
				['demo-app_no-profanity_1', 'No profanity', false],
			]);
			const limited = await run(ctx, rule('getRevisions', { ruleId: 'no-profanity', limit: 1 }));
			expect(json(limited.items).map((r) => r.revisionId)).toEqual(['demo-app_no-profanity_2']);
		});

		it('fails with ERR_RULE_NOT_FOUND for an unknown rule', async () => {
			const { error } = await run(ctx, rule('getRevisions', { ruleId: 'nonsense' }));
			expect(error?.message).toBe('ERR_RULE_NOT_FOUND: Rule with id nonsense does not exist. [item 0]');
		});
	});
});

describe('Moderation Keyword List', () => {
	const ctx = useEmulator();
	const keywords = (operation: string, extra: Record<string, unknown> = {}) => params('moderationKeywordList', operation, extra);
	const store = () => moderationStore(ctx.emulator.state);
	/** The fields of a recorded multipart body (parsed by the emulator, or parsed here from the raw text). */
	const formOf = (request: RecordedRequest) =>
		typeof request.body === 'string' ? parseMultipart(request.body, request.headers['content-type']) : request.body;
	const expectMultipart = (request: RecordedRequest, method: string, path: string, fields: Record<string, unknown>) => {
		expect(request.method).toBe(method);
		expect(request.path).toBe(path);
		expect(request.query).toEqual({});
		expect(request.headers.apikey).toBe(ctx.emulator.apiKey);
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
		expect(formOf(request)).toEqual(fields);
	};
	const createWords = (extra: Record<string, unknown> = {}) =>
		keywords('create', { keywordListId: 'scam-words', name: 'Scam words', category: 'word', searchTerms: 'scam, free money', ...extra });

	describe('Create', () => {
		it('sends a word list as multipart/form-data with the terms comma-separated, and returns the list', async () => {
			const { items, error } = await run(ctx, createWords({ options: { description: 'Phrases scammers use' } }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectMultipart(ctx.emulator.requests[0], 'POST', '/v3/moderation/keywords', {
				id: 'scam-words',
				name: 'Scam words',
				description: 'Phrases scammers use',
				category: 'word',
				searchTerms: 'scam,free money',
			});
			const created = store().keywordLists.get('scam-words')!;
			expect(json(items)).toEqual([
				{
					id: 'scam-words',
					name: 'Scam words',
					description: 'Phrases scammers use',
					category: 'word',
					isCSV: false,
					searchTerms: ['scam', 'free money'],
					createdAt: created.createdAt,
					updatedAt: created.updatedAt,
					revisionId: 'demo-app_scam-words_1',
					active: true,
				},
			]);
		});

		it('sends each disallowed sentence as its own part, commas and all', async () => {
			const { items, error } = await run(
				ctx,
				keywords('create', {
					keywordListId: 'off-platform',
					name: 'Off-platform contact',
					category: 'sentence-similarity',
					disallowedSentences: "Hello, let's connect on WhatsApp.\n\nText me at my number",
				}),
			);
			expect(error).toBeUndefined();
			expectMultipart(ctx.emulator.requests[0], 'POST', '/v3/moderation/keywords', {
				id: 'off-platform',
				name: 'Off-platform contact',
				category: 'sentence-similarity',
				disallowedSentences: ["Hello, let's connect on WhatsApp.", 'Text me at my number'],
			});
			expect(items[0].json.disallowedSentences).toEqual(["Hello, let's connect on WhatsApp.", 'Text me at my number']);
		});

		it('takes search terms as an array from an expression', async () => {
			await run(ctx, createWords({ category: 'pattern', searchTerms: '={{ $json.terms }}' }), { input: [{ json: { terms: ['\\d{10}', 'wa\\.me'] } }] });
			expect(formOf(ctx.emulator.requests[0])).toMatchObject({ category: 'pattern', searchTerms: '\\d{10},wa\\.me' });
		});

		it.each([
			['empty Search Terms', { searchTerms: ' , ' }, 'Search Terms: is empty; give at least one [item 0]'],
			['a search term with a comma', { searchTerms: ['\\d{1,3}'] }, 'Search Terms: "\\d{1,3}" contains a comma; CometChat separates search terms at commas [item 0]'],
			['a search term over 100 characters', { searchTerms: 'w'.repeat(101) }, 'Search Terms: "wwwwwwwwwwwwwwwwwwww…" is 101 characters long; CometChat allows at most 100 [item 0]'],
			['an unknown Category', { category: 'regex' }, 'Category: "regex" is not one of pattern, sentence-similarity, word [item 0]'],
			['Search Terms that are a number list', { searchTerms: [{}] }, 'Search Terms: every entry must be text, but one is an object [item 0]'],
			['a Keyword List ID with a space', { keywordListId: 'scam words' }, 'Keyword List ID: "scam words" has characters CometChat does not allow'],
			['an empty Name', { name: '' }, 'Name: is empty [item 0]'],
		])('stops %s before any request', async (_case, input, text) => {
			const fields = Object.fromEntries(Object.keys(input).map((key) => [key, `={{ $json.${key} }}`]));
			await expectRefused(ctx, createWords(fields), input, text);
		});

		it.each([
			['no sentences', ' \n ', 'Disallowed Sentences: is empty; give at least one sentence [item 0]'],
			['a sentence that is an object', [{ text: 'hi' }], 'Disallowed Sentences: every sentence must be text, but one is an object [item 0]'],
		])('stops %s before any request', async (_case, sentences, text) => {
			await expectRefused(
				ctx,
				keywords('create', { keywordListId: 'x', name: 'X', category: 'sentence-similarity', disallowedSentences: '={{ $json.s }}' }),
				{ s: sentences },
				text,
			);
		});

		it('passes on CometChat\'s refusal of an ID in use', async () => {
			await run(ctx, createWords());
			const { error } = await run(ctx, createWords());
			expect(error?.message).toBe('ERR_KEYWORD_ALREADY_EXISTS: Keyword with id scam-words already exists. [item 0]');
		});
	});

	describe('Get, Get Many, Update and Delete', () => {
		beforeEach(async () => {
			await run(ctx, createWords());
			await run(ctx, keywords('create', { keywordListId: 'phone-numbers', name: 'Phone numbers', category: 'pattern', searchTerms: '\\d{10}' }));
			ctx.emulator.requests.length = 0;
		});

		it('Get returns one list with its entries', async () => {
			const { items, error } = await run(ctx, keywords('get', { keywordListId: 'scam-words' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/keywords/scam-words', body: undefined }, ctx.emulator.apiKey);
			expect(items[0].json).toMatchObject({ id: 'scam-words', name: 'Scam words', category: 'word', searchTerms: ['scam', 'free money'] });
			expect(items[0].json).not.toHaveProperty('_id');
		});

		it('Get fails with ERR_KEYWORD_NOT_FOUND (404) for an unknown list', async () => {
			const { error } = await run(ctx, keywords('get', { keywordListId: 'nonsense' }));
			expect(error?.message).toBe('ERR_KEYWORD_NOT_FOUND: Keyword with id nonsense does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
		});

		it('Get Many sends one request without query and trims to the Limit', async () => {
			const all = await run(ctx, keywords('getAll', { returnAll: true }));
			expect(ctx.emulator.requests.map((r) => [r.method, r.path, r.query])).toEqual([['GET', '/v3/moderation/keywords', {}]]);
			expect(json(all.items).map((l) => l.id)).toEqual(['phone-numbers', 'scam-words']);
			expect(all.items[0].json).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), appId: 'demo-app', __v: 0 });
			const limited = await run(ctx, keywords('getAll', { limit: 1 }));
			expect(json(limited.items).map((l) => l.id)).toEqual(['phone-numbers']);
		});

		it('Update replaces the entries and changes the name, as multipart/form-data', async () => {
			const { items, error } = await run(
				ctx,
				keywords('update', { keywordListId: 'scam-words', category: 'word', searchTerms: 'giveaway', options: { name: 'Giveaway scams' } }),
			);
			expect(error).toBeUndefined();
			expectMultipart(ctx.emulator.requests[0], 'PUT', '/v3/moderation/keywords/scam-words', {
				name: 'Giveaway scams',
				category: 'word',
				searchTerms: 'giveaway',
			});
			expect(items[0].json).toMatchObject({ id: 'scam-words', name: 'Giveaway scams', searchTerms: ['giveaway'], revisionId: 'demo-app_scam-words_2' });
			expect(store().keywordLists.get('scam-words')?.searchTerms).toEqual(['giveaway']);
		});

		it('Update stops empty Search Terms before any request', async () => {
			await expectRefused(
				ctx,
				keywords('update', { keywordListId: 'scam-words', category: 'word', searchTerms: '={{ $json.t }}' }),
				{ t: [] },
				'Search Terms: is empty; give at least one [item 0]',
			);
		});

		it('Delete deletes the list and returns {deleted: true, message}', async () => {
			const { items, error } = await run(ctx, keywords('delete', { keywordListId: 'scam-words' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/moderation/keywords/scam-words', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true, message: 'Keyword with id scam-words has been deleted successfully.' }]);
			expect([...store().keywordLists.keys()]).toEqual(['phone-numbers']);
		});
	});
});

describe('Moderated Message', () => {
	const ctx = useEmulator();
	const moderated = (operation: string, extra: Record<string, unknown> = {}) => params('moderatedMessage', operation, extra);
	const store = () => moderationStore(ctx.emulator.state);
	const state = () => ctx.emulator.state;

	/** A text message stored as POST /messages would store it. */
	const seedMessage = (sender: string, receiver: string, text: string) => seedTextMessage(ctx.emulator, sender, receiver, text);
	const flagAs = async (messageId: string, uid: string, remark?: string) => {
		await run(ctx, { resource: 'message', operation: 'flag', messageId, flaggedBy: { __rl: true, mode: 'id', value: uid }, reasonId: 'spam', options: remark ? { remark } : {} });
	};

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'spammer']) ctx.emulator.seedUser({ uid, name: uid[0].toUpperCase() + uid.slice(1) });
		addReason(state(), { id: 'spam', name: 'Spam', description: 'Unwanted content' });
	});

	describe('Get Many Flagged', () => {
		it('sends one request without query and returns each flagged message with who flagged it and why', async () => {
			const first = seedMessage('spammer', 'alice', 'Buy now');
			const second = seedMessage('spammer', 'bob', 'Free money');
			await flagAs(first.id, 'alice', 'Advertising');
			await flagAs(second.id, 'bob');
			await flagAs(second.id, 'alice');
			ctx.emulator.requests.length = 0;
			const { items, error } = await run(ctx, moderated('getFlagged', { returnAll: true }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/flagged-messages', query: {}, body: undefined }, ctx.emulator.apiKey);
			const flags = store().flagged;
			const by = (messageId: string, uid: string) => flags.get(messageId)!.flags.get(uid)!.flaggedAt;
			expect(json(items)).toEqual([
				{
					appId: 'demo-app',
					...messageView(state(), second),
					flaggedBy: [
						{ uid: 'bob', name: 'Bob', role: 'default', reasonId: 'spam', reasonName: 'Spam', description: 'Unwanted content', flaggedAt: by(second.id, 'bob') },
						{ uid: 'alice', name: 'Alice', role: 'default', reasonId: 'spam', reasonName: 'Spam', description: 'Unwanted content', flaggedAt: by(second.id, 'alice') },
					],
					flaggedCount: 2,
				},
				{
					appId: 'demo-app',
					...messageView(state(), first),
					flaggedBy: [
						{ uid: 'alice', name: 'Alice', role: 'default', reasonId: 'spam', reasonName: 'Spam', description: 'Unwanted content', remark: 'Advertising', flaggedAt: by(first.id, 'alice') },
					],
					flaggedCount: 1,
				},
			]);
			expect(items[1].json).toMatchObject({ id: first.id, sender: 'spammer', receiver: 'alice', data: { text: 'Buy now' } });
		});

		it('trims the output to the Limit', async () => {
			for (const text of ['a', 'b', 'c']) await flagAs(seedMessage('spammer', 'alice', text).id, 'alice');
			ctx.emulator.requests.length = 0;
			const { items } = await run(ctx, moderated('getFlagged', { limit: 2 }));
			expect(ctx.emulator.requests).toHaveLength(1);
			expect(items.map((item) => (item.json.data as IDataObject).text)).toEqual(['c', 'b']);
		});
	});

	describe('Review Flagged', () => {
		it('sends the decision and moves the message to the reviewed messages', async () => {
			const message = seedMessage('spammer', 'alice', 'Buy now');
			await flagAs(message.id, 'alice');
			ctx.emulator.requests.length = 0;
			const { items, error } = await run(ctx, moderated('reviewFlagged', { messageId: message.id, status: 'disapproved' }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'PATCH', path: `/v3/moderation/flagged-messages/${message.id}`, body: { status: 'disapproved' }, headers: { 'content-type': 'application/json' } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([
				{ messageId: message.id, status: 'disapproved', success: true, message: `Message with id ${message.id} has been reviewed successfully.` },
			]);
			expect(store().flagged.size).toBe(0);
			expect(store().reviewed.map((r) => [r.kind, r.flagged?.messageId])).toEqual([['flagged', message.id]]);
			expect(message.data.moderation).toEqual({ status: 'disapproved' });

			const reviewed = await run(ctx, moderated('getReviewed', { returnAll: true }));
			expect(ctx.emulator.requests[1]).toMatchObject({ method: 'GET', path: '/v3/moderation/reviewed-messages', query: {} });
			expect(json(reviewed.items)).toEqual([expect.objectContaining({ id: message.id, flaggedCount: 1, data: expect.objectContaining({ moderation: { status: 'disapproved' } }) })]);
		});

		it('gives success: true with the message ID and status when CometChat answers an empty {data: {}}', async () => {
			ctx.emulator.failNext({ status: 200, body: { data: {} } });
			const { items } = await run(ctx, moderated('reviewFlagged', { messageId: '7', status: 'approved' }));
			expect(json(items)).toEqual([{ messageId: '7', status: 'approved', success: true }]);
		});

		it.each([
			['a Message ID with letters', { messageId: '12a' }, 'Message ID: "12a" is not a message ID'],
			['an unknown Status', { status: 'blocked' }, 'Status: "blocked" is not one of approved, disapproved [item 0]'],
		])('stops %s before any request', async (_case, input, text) => {
			await expectRefused(ctx, moderated('reviewFlagged', { messageId: '={{ $json.messageId }}', status: '={{ $json.status }}' }), { messageId: '1', status: 'approved', ...input }, text);
		});

		it('fails with CometChat\'s code when the message is not flagged', async () => {
			const message = seedMessage('spammer', 'alice', 'Hi');
			const { error } = await run(ctx, moderated('reviewFlagged', { messageId: message.id, status: 'approved' }));
			expect(error?.message).toBe(`ERR_FLAGGED_MESSAGE_NOT_FOUND: The message with id ${message.id} is not flagged. [item 0]`);
			expect(httpCode(error)).toBe('404');
		});
	});

	describe('Get Many Blocked', () => {
		it('sends one request without query and returns each blocked message with the rule it broke', async () => {
			const first = seedMessage('spammer', 'alice', 'damn');
			const second = seedMessage('spammer', 'bob', 'call 5551234567');
			const blockedFirst = blockMessage(state(), first.id, { id: 'text-profanity-filter', name: 'Text Profanity filter' });
			blockMessage(state(), second.id, { id: 'contact_details_filter', name: 'Contact details filter', action: ['blockMessage', 'blockUser'] });
			const { items, error } = await run(ctx, moderated('getBlocked', { limit: 5 }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/blocked-messages', query: {}, body: undefined }, ctx.emulator.apiKey);
			expect(json(items).map((b) => [b.ruleId, (b.message as IDataObject).id, b.action])).toEqual([
				['contact_details_filter', second.id, ['blockMessage', 'blockUser']],
				['text-profanity-filter', first.id, ['blockMessage']],
			]);
			expect(items[1].json).toEqual({
				ruleId: 'text-profanity-filter',
				ruleName: 'Text Profanity filter',
				revisionId: 'demo-app_text-profanity-filter_1',
				condition: blockedFirst.condition,
				message: messageView(state(), first),
				action: ['blockMessage'],
				createdAt: blockedFirst.createdAt,
				updatedAt: blockedFirst.updatedAt,
			});
			expect(((items[1].json.message as IDataObject).data as IDataObject).moderation).toEqual({ status: 'pending' });
		});
	});

	describe('Review Blocked', () => {
		it('approves a blocked message and marks it reviewed', async () => {
			const message = seedMessage('spammer', 'alice', 'damn');
			blockMessage(state(), message.id, { id: 'text-profanity-filter', name: 'Text Profanity filter' });
			const { items, error } = await run(ctx, moderated('reviewBlocked', { messageId: message.id }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'PATCH',
					path: `/v3/moderation/blocked-messages/${message.id}`,
					body: { status: 'approved', reviewed: true },
					headers: { 'content-type': 'application/json' },
				},
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([
				{ messageId: message.id, status: 'approved', reviewed: true, success: true, message: `Message with ID ${message.id} has been reviewed successfully.` },
			]);
			expect(store().blocked.size).toBe(0);
			expect(store().reviewed.map((r) => [r.kind, r.blocked?.messageId])).toEqual([['blocked', message.id]]);
			expect(message.data.moderation).toEqual({ status: 'approved', rule: { id: 'text-profanity-filter', name: 'Text Profanity filter' } });
		});

		it('rejects without marking reviewed: the message stays blocked', async () => {
			const message = seedMessage('spammer', 'alice', 'damn');
			blockMessage(state(), message.id, { id: 'text-profanity-filter', name: 'Text Profanity filter' });
			const { items } = await run(ctx, moderated('reviewBlocked', { messageId: message.id, status: 'rejected', reviewed: false }));
			expect(ctx.emulator.requests[0].body).toEqual({ status: 'rejected', reviewed: false });
			expect(items[0].json).toMatchObject({ messageId: message.id, status: 'rejected', reviewed: false, success: true });
			expect([...store().blocked.keys()]).toEqual([message.id]);
			expect(store().reviewed).toEqual([]);
		});

		it.each([
			['an unknown Status', { status: 'disapproved' }, 'Status: "disapproved" is not one of approved, rejected [item 0]'],
			['a Mark Reviewed that is text', { reviewed: 'yes' }, 'Mark Reviewed: must be true or false, not a string [item 0]'],
			['an empty Message ID', { messageId: '' }, 'Message ID: is empty [item 0]'],
		])('stops %s before any request', async (_case, input, text) => {
			await expectRefused(
				ctx,
				moderated('reviewBlocked', { messageId: '={{ $json.messageId }}', status: '={{ $json.status }}', reviewed: '={{ $json.reviewed }}' }),
				{ messageId: '1', status: 'approved', reviewed: true, ...input },
				text,
			);
		});

		it('is tested against the spec\'s second form of this request: {status} alone approves without a review', async () => {
			const message = seedMessage('spammer', 'alice', 'damn');
			blockMessage(state(), message.id, { id: 'text-profanity-filter', name: 'Text Profanity filter' });
			const response = await fetch(`${ctx.emulator.url}/moderation/blocked-messages/${message.id}`, {
				method: 'PATCH',
				headers: { apikey: ctx.emulator.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ status: 'approved' }),
			});
			expect(await response.json()).toEqual({ data: { success: true, message: `Message with ID ${message.id} has been approved.` } });
			expect(store().blocked.size).toBe(0);
			expect(store().reviewed).toEqual([]);
		});

		it('fails with CometChat\'s code for an unknown message', async () => {
			const { error } = await run(ctx, moderated('reviewBlocked', { messageId: '404' }));
			expect(error?.message).toBe('ERR_MESSAGE_ID_NOT_FOUND: The message with id 404 does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
		});
	});

	describe('Get Many Reviewed', () => {
		it('lists flagged and blocked messages once reviewed, newest first, and trims to the Limit', async () => {
			const flagged = seedMessage('spammer', 'alice', 'Buy now');
			const blocked = seedMessage('spammer', 'bob', 'damn');
			await flagAs(flagged.id, 'alice');
			blockMessage(state(), blocked.id, { id: 'text-profanity-filter', name: 'Text Profanity filter' });
			await run(ctx, moderated('reviewFlagged', { messageId: flagged.id, status: 'approved' }));
			await run(ctx, moderated('reviewBlocked', { messageId: blocked.id, status: 'rejected' }));
			ctx.emulator.requests.length = 0;
			const { items, error } = await run(ctx, moderated('getReviewed', { returnAll: true }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/moderation/reviewed-messages', query: {}, body: undefined }, ctx.emulator.apiKey);
			expect(items.map((item) => item.json.ruleId ?? item.json.id)).toEqual(['text-profanity-filter', flagged.id]);
			expect(items[0].json).toMatchObject({
				ruleId: 'text-profanity-filter',
				appId: 'demo-app',
				message: { id: blocked.id, data: { moderation: { status: 'disapproved', rule: { id: 'text-profanity-filter', name: 'Text Profanity filter' } } } },
			});
			const limited = await run(ctx, moderated('getReviewed', { limit: 1 }));
			expect(limited.items).toHaveLength(1);
		});
	});
});
