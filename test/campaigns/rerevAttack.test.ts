/**
 * Attack on the re-review's secret fixes (issue #27): "A value under a key that names a secret … in a JSON
 * parameter registered as secret (Campaigns Channel metadata …) never reaches an output or an error text,
 * however short (from 6 characters) and however deep, whether typed as JSON text or given by an expression
 * as an object."
 */
import type { IDataObject } from 'n8n-workflow';
import { byId, json } from '../helpers';
import { runNode, campaignsNode } from '../harness';
import { useCampaigns } from './helpers';

describe('Campaigns → Channel: secrets under secret-named keys (attack)', () => {
	const c = useCampaigns();
	const run = (operation: string, parameters: IDataObject = {}) => c.run('channel', operation, parameters);
	const channel = () =>
		c.store().channels.add(c.ctx.emulator.state, { channelId: 'cc-sms', name: 'SMS', channelType: 'sms', enabled: true, metadata: { senderId: 'acme' } }, c.store().next());
	const shownOf = (error: { message?: string; description?: string | null } | undefined) => JSON.stringify({ message: error?.message, description: error?.description });

	it('a numeric secret (an SMS gateway PIN) under a secret-named key, typed as JSON text, is cut from an error that echoes it', async () => {
		const stored = channel();
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: 'Invalid metadata: gateway refused password 73920561', source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata: '{"gateway": {"user": "acme", "password": 73920561}}' } });
		expect(error?.message).toContain('ERR_BAD_REQUEST');
		expect(shownOf(error)).not.toContain('73920561');
	});

	it('a numeric secret given by an expression as an object is cut from the error too', async () => {
		const stored = channel();
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: 'Invalid metadata: apiKey 73920561 unknown', source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata: '={{ { "apiKey": 73920561 } }}' } });
		expect(error?.message).toContain('ERR_BAD_REQUEST');
		expect(shownOf(error)).not.toContain('73920561');
	});

	it('metadata typed as JSON text with a mistake (a value left unquoted): the refusal does not quote the password', async () => {
		const stored = channel();
		const metadata = '{"host": "mail.example.com", "user": "mailer", "pass": Sh0rtPass9, "port": 587}';
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata } });
		expect(error?.message).toContain('Metadata (JSON)');
		expect(c.ctx.emulator.requests).toEqual([]);
		expect(shownOf(error)).not.toContain('Sh0rtPass9');
	});

	// Control: arrays of secrets, other spellings of the key, and a secret inside a longer word are cut (held).
	it('control: arrays of secrets, API-KEY / x_api_key / clientSecret, and an echo inside a longer word or URL-encoded', async () => {
		const stored = channel();
		const metadata = { 'API-KEY': 'k9-abc12', x_api_key: 'k9-def34', clientSecret: 'cs/9 x&y', tokens: ['tk-aaa111', 'tk-bbb222'] };
		c.ctx.emulator.failNext({
			status: 400,
			body: { error: { message: 'bad: prefixk9-abc12suffix k9-def34 cs%2F9%20x%26y', devMessage: 'tk-aaa111,tk-bbb222', details: { 'k9-abc12': ['tk-bbb222'] }, source: 'campaigns', code: 'ERR_BAD_REQUEST' } },
		});
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata: JSON.stringify(metadata) } });
		for (const secret of ['k9-abc12', 'k9-def34', 'cs%2F9%20x%26y', 'tk-aaa111', 'tk-bbb222']) expect(shownOf(error)).not.toContain(secret);
		expect(error?.message).toBe('ERR_BAD_REQUEST: bad: prefix[redacted]suffix [redacted] [redacted] [item 0]');
	});

	it('control: the output hides a numeric secret under a secret-named key', async () => {
		const stored = c.store().channels.add(c.ctx.emulator.state, { channelId: 'cc-n', name: 'N', channelType: 'sms', enabled: true, metadata: { password: 73920561 } }, c.store().next());
		const { items } = await run('get', { channelId: byId(stored.id) });
		expect(json(items)[0]).toMatchObject({ metadata: { password: '[redacted]' } });
	});
	it('a secret under a secret-named key inside a JSON text nested in the metadata (hidden in the output) is cut from an error too', async () => {
		const stored = channel();
		const metadata = JSON.stringify({ config: JSON.stringify({ password: 'Pw-83k2x' }) });
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: 'SMTP login refused for password Pw-83k2x', source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata } });
		expect(error?.message).toContain('ERR_BAD_REQUEST');
		expect(shownOf(error)).not.toContain('Pw-83k2x');
		// The output hides it (control):
		const seeded = c.store().channels.add(c.ctx.emulator.state, { channelId: 'cc-j', name: 'J', channelType: 'email', enabled: true, metadata: JSON.parse(metadata) as IDataObject }, c.store().next());
		const { items } = await run('get', { channelId: byId(seeded.id) });
		expect(JSON.stringify(items)).not.toContain('Pw-83k2x');
	});

	// A typed secret text of some 40 KB (a provider's long template or certificate chain kept in the metadata) makes
	// the pattern of secrets too large for V8: the SyntaxError thrown instead quotes the whole pattern, the REST API
	// Key and every typed secret in every form, and is not cut (the cutting itself throws again).
	it('a large metadata text (40 KB): the error keeps CometChat\'s code and carries neither the REST API Key nor the metadata\'s apiKey', async () => {
		const stored = channel();
		const metadata = JSON.stringify({ apiKey: 'k9-zz81q', template: 'x'.repeat(40000) });
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: 'unknown apiKey k9-zz81q', source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata } });
		const shown = shownOf(error);
		expect(shown).not.toContain(c.ctx.emulator.apiKey);
		expect(shown).not.toContain('k9-zz81q');
		expect(error?.message).toContain('ERR_BAD_REQUEST');
	});

	// Keys that name a secret in other words than SECRET_KEY's (a password as "pw", a JWT, a bearer token, a session
	// cookie, a request signature): shown in the output. Arguable: the sentence lists its words with "…".
	it('(arguable) the output hides values under pw, jwt, bearer, cookie and signature', async () => {
		const metadata = { pw: 'hunter-22x', jwt: 'eyJhbGciOi.x.y', bearer: 'br-9911aa', cookie: 'sid=77aa88bb', signature: 'sig-4410ff' };
		const stored = c.store().channels.add(c.ctx.emulator.state, { channelId: 'cc-w', name: 'W', channelType: 'custom', enabled: true, metadata }, c.store().next());
		const { items } = await run('get', { channelId: byId(stored.id) });
		for (const secret of Object.values(metadata)) expect(JSON.stringify(items)).not.toContain(secret);
	});

	it('control: with continue on fail, the error item carries no short secret either', async () => {
		const stored = channel();
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: 'refused smtpPwd pw-4242x', details: { smtpPwd: ['pw-4242x is weak'] }, source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const { items, error } = await runNode({
			parameters: { resource: 'channel', operation: 'update', channelId: byId(stored.id), updateFields: { metadata: '{"smtpPwd": "pw-4242x"}' } },
			credentials: c.ctx.credentials(),
			node: campaignsNode,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(JSON.stringify(items)).toContain('ERR_BAD_REQUEST');
		expect(JSON.stringify(items)).not.toContain('pw-4242x');
	});

	it('probe: a short mistyped metadata JSON quoted whole by the refusal is cut', async () => {
		const stored = channel();
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata: '{"pass": Sh0rtPass9}' } });
		expect(error?.message).toContain('Metadata (JSON)');
		expect(shownOf(error)).not.toContain('Sh0rtPass9');
	});
});
