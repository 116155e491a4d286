/**
 * Attack on the re-review's secret fixes (issue #27) in the AI Agents node: AI API Tool headers and BYO agent
 * headers are JSON parameters registered as secret; a value under a secret-named key must reach no error text,
 * however short (from 6 characters); Rasa's and Agno's "name: value" lines have each secret-named header's
 * value, and the token after "Bearer ", cut from error texts.
 */
import type { INodeParameters } from 'n8n-workflow';
import { seedAiRecord } from '../emulator/routes/aiAgentTools';
import { byId, useEmulator } from '../helpers';
import { aiAgentsNode, runNode } from '../harness';
import { runAi } from './helpers';

describe('CometChat AI Agents: secrets under secret-named keys (attack)', () => {
	const ctx = useEmulator();
	const shownOf = (error: { message?: string; description?: string | null } | undefined) => JSON.stringify({ message: error?.message, description: error?.description });
	const byo = (parameters: INodeParameters) =>
		runNode({
			parameters: { resource: 'byoAgent', operation: 'create', name: 'Helper', icon: 'https://example.com/h.png', baseUrl: 'https://agents.example.com', ...parameters },
			credentials: ctx.credentials(),
			node: aiAgentsNode,
		});
	const tool = { slug: 'create_lead', name: 'Tool create_lead', description: 'Creates a lead', endpoint: 'https://api.example.com/leads', method: 'POST', enableBasicAuth: false };

	it('API Tool: a numeric header value under X-Api-Key is cut from an error that echoes it', async () => {
		seedAiRecord(ctx.emulator.state, 'apiTool', tool);
		ctx.emulator.failNext({ status: 400, body: { statusCode: 400, message: 'header X-Api-Key: 48151623 is not accepted', error: 'Bad Request' } });
		const { error } = await runAi(ctx, { resource: 'apiTool', operation: 'update', apiTool: byId('create_lead'), updateFields: { headers: '{"X-Api-Key": 48151623}' } });
		expect(error?.message).toContain('Bad Request');
		expect(shownOf(error)).not.toContain('48151623');
	});

	it('BYO agent (LangGraph): a numeric header value under x-api-key, typed as JSON text, is cut from the error', async () => {
		ctx.emulator.failNext({ status: 400, body: { statusCode: 400, message: 'agent refused x-api-key 48151623', error: 'Bad Request' } });
		const { error } = await byo({ integrateWith: 'langgraph', headers: '{"x-api-key": 48151623}' });
		expect(error?.message).toContain('Bad Request');
		expect(shownOf(error)).not.toContain('48151623');
	});

	it('Rasa lines: the token after "Bearer " in a header whose name does not name a secret is cut too', async () => {
		ctx.emulator.failNext({ status: 400, body: { statusCode: 400, message: 'upstream refused tok-55555', error: 'Bad Request' } });
		const { error } = await byo({ integrateWith: 'rasa', headers: 'X-Trace: on\nX-Upstream: Bearer tok-55555' });
		expect(error?.message).toContain('Bad Request');
		expect(shownOf(error)).not.toContain('tok-55555');
	});

	// Controls (held): secret-named headers in other spellings, a token URL-encoded, an Agno line with CRLF.
	it('control: Agno lines, CRLF, X_API_KEY / Proxy-Authorization, echoes URL-encoded or inside a word', async () => {
		ctx.emulator.failNext({ status: 400, body: { statusCode: 400, message: 'refused k%2Fabc%3D1 xxtok-777777yy', error: 'Bad Request' } });
		const { error } = await byo({ integrateWith: 'agno', agentId: 'weather', headers: 'X_API_KEY: k/abc=1\r\nProxy-Authorization: Bearer tok-777777' });
		expect(error?.message).toBe('Bad Request: refused [redacted] xx[redacted]yy [item 0]');
	});
});
