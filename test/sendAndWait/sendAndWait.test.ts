import { NodeHelpers, type IDataObject, type INode, type INodeParameters, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import { addBot, seedMessage } from '../emulator/routes/messages';
import { chatNode, listSearch, nodeType, oneNodeWorkflow, runNode, type NodeKind } from '../harness';
import { startWait, WAIT_NAME, WAIT_TYPE, waitType, type Waiting } from '../harness/sendAndWait';
import { expectRequest, useEmulator } from '../helpers';

const ctx = useEmulator();
const waits: Waiting[] = [];
afterEach(async () => {
	await Promise.all(waits.splice(0).map(async (wait) => await wait.close()));
});

beforeEach(() => {
	for (const uid of ['mod-olivia', 'mod-bot', 'cometchat-uid-2']) ctx.emulator.seedUser({ uid, name: uid });
});

const base: INodeParameters = { resource: 'message', operation: 'sendAndWait', receiverType: 'user', receiver: 'mod-olivia', message: 'Ban cometchat-uid-2?' };

async function wait(parameters: INodeParameters, input: Array<{ json: IDataObject }> = [{ json: { flagged: 7 } }]) {
	const started = await startWait({ parameters: { ...base, ...parameters }, credentials: ctx.credentials(), input });
	waits.push(started);
	return started;
}

/** The message the node sent, as CometChat received it. */
const sentBody = () => ctx.emulator.requests[0].body as IDataObject;
const interactive = () => (sentBody().data as IDataObject).interactiveData as IDataObject;
const buttons = () => interactive().cardActions as IDataObject[];
const actionOf = (element: IDataObject) => element.action as IDataObject;
/** The resume URL's path and query, as the client requests it. */
const pathOf = (url: unknown) => {
	const parsed = new URL(String(url));
	return `${parsed.pathname}${parsed.search}`;
};

describe('Message → Send and Wait for Response', () => {
	it('is the operation n8n knows as send-and-wait, with resume webhooks n8n restarts the execution with', () => {
		const operation = waitType.description.properties.find((property) => property.name === 'operation');
		expect(operation?.options).toEqual([expect.objectContaining({ value: 'sendAndWait' }), expect.objectContaining({ value: 'send' }), expect.objectContaining({ value: 'closeQuestion' })]);
		// The editor drops a value equal to the default, and n8n checks the signature only for a saved
		// operation "sendAndWait" (see description.ts): so the default is the other operation.
		expect(operation?.default).toBe('send');
		// n8n's own suffix (the node's ID) and the answer suffix (see the node).
		expect(waitType.description.webhooks).toEqual([
			expect.objectContaining({ httpMethod: 'GET', path: '={{ $nodeId }}', restartWebhook: true, isFullPath: true, responseMode: 'onReceived' }),
			expect.objectContaining({ httpMethod: 'POST', path: '={{ $nodeId }}', restartWebhook: true, isFullPath: true, responseMode: 'onReceived' }),
			expect.objectContaining({ httpMethod: 'GET', path: '={{ $nodeId }}-answer', restartWebhook: true, isFullPath: true, responseMode: 'onReceived' }),
			expect.objectContaining({ httpMethod: 'POST', path: '={{ $nodeId }}-answer', restartWebhook: true, isFullPath: true, responseMode: 'onReceived' }),
		]);
	});

	it('sends an interactive card whose buttons post to the signed resume URL, and puts the execution to wait', async () => {
		const waiting = await wait({ approvalOptions: { values: { approvalType: 'double', approveLabel: 'Ban', disapproveLabel: 'Dismiss' } } });
		expect(waiting.run.data.resultData.error).toBeUndefined();
		expect(waiting.run.waitTill?.toISOString()).toBe('3000-01-01T00:00:00.000Z');
		expect(ctx.emulator.requests).toHaveLength(1);
		const [approve, decline] = buttons();
		const nonce = new URL(String(actionOf(approve).url)).searchParams.get('w');
		expect(nonce).toMatch(/^[0-9a-f]{24}$/);
		// n8n 2.x: the answer suffix, n8n's resume token as `signature`, the node's own HMAC as `s`.
		const resume = `${waiting.base}/webhook-waiting/wait-execution-1/wait-node-id-answer`;
		const token = new URL(String(actionOf(approve).url)).searchParams.get('signature');
		expect(token).toBe(waiting.run.data.resumeToken);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/messages',
				headers: { onbehalfof: undefined },
				body: {
					receiver: 'mod-olivia',
					receiverType: 'user',
					category: 'interactive',
					type: 'card',
					muid: `n8n-wait-${nonce}`,
					data: {
						interactiveData: {
							text: 'Ban cometchat-uid-2?',
							cardActions: [
								{ elementType: 'button', elementId: 'approve', buttonText: 'Ban', disableAfterInteracted: true, action: { actionType: 'apiAction', url: expect.stringMatching(`^${resume}\\?approved=true&w=${nonce}&signature=${token}&s=[0-9a-f]{64}$`), method: 'POST', payload: { approved: true }, headers: { 'Content-Type': 'application/json' }, dataKey: 'answer' } },
								{ elementType: 'button', elementId: 'decline', buttonText: 'Dismiss', disableAfterInteracted: true, action: { actionType: 'apiAction', url: expect.stringMatching(`^${resume}\\?approved=false&w=${nonce}&signature=${token}&s=[0-9a-f]{64}$`), method: 'POST', payload: { approved: false }, headers: { 'Content-Type': 'application/json' }, dataKey: 'answer' } },
							],
						},
						interactionGoal: { type: 'anyOf', elementIds: ['approve', 'decline'] },
						allowSenderInteraction: false,
						text: 'Ban cometchat-uid-2?',
					},
				},
			},
			ctx.emulator.apiKey,
		);
		// While it waits (and if it times out) the node holds its input, the message's ID and answered: false.
		expect(waiting.items.map((item) => item.json)).toEqual([{ flagged: 7, messageId: expect.any(String), answered: false }]);

		// The UI Kit's apiAction: its payload, the form data under dataKey, the logged-in UID; a browser's Origin.
		const answer = await waiting.request(pathOf(actionOf(decline).url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: 'https://chat.example.com' },
			body: JSON.stringify({ approved: false, answer: {}, cometchatSenderUid: 'mod-olivia' }),
		});
		expect(answer.status).toBe(200);
		expect(JSON.parse(answer.text)).toEqual({ message: 'Your answer was recorded. You can close this page.' });
		const messageId = String(waiting.items[0].json.messageId);
		expect(await waiting.output()).toEqual([
			{ data: { approved: false }, answered: true, respondedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId, interacted: true },
		]);
		expect((await waiting.resumed())?.data.resultData.error).toBeUndefined();
		// Mark as Interacted (on by default): the Decline button, for the one who clicked it.
		expect(ctx.emulator.requests).toHaveLength(2);
		expectRequest(
			ctx.emulator.requests[1],
			{ method: 'PATCH', path: `/v3/messages/${messageId}/interacted`, body: { interactions: ['decline'] }, headers: { onBehalfOf: 'mod-olivia', 'Content-Type': 'application/json' } },
			ctx.emulator.apiKey,
		);

		// A second click (the other button, or the same one again) resumes nothing, and is not answered 2xx:
		// at the answer suffix n8n refuses a finished execution with 409 before the node runs.
		const again = await waiting.request(pathOf(actionOf(approve).url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect(again.status).toBe(409);
		expect(JSON.parse(again.text)).toMatchObject({ message: 'The execution "wait-execution-1 has finished already.' });
		expect(waiting.resumes).toBe(1);
		expect(ctx.emulator.requests).toHaveLength(2);
	});

	it('reads expressions over the input item again when the answer comes (Reply With Outcome goes to the same receiver)', async () => {
		const waiting = await wait({ receiver: '={{ $json.moderator }}', message: '={{ "Ban " + $json.uid + "?" }}', options: { replyWithOutcome: true } }, [{ json: { moderator: 'mod-olivia', uid: 'cometchat-uid-2' } }]);
		expect(sentBody()).toMatchObject({ receiver: 'mod-olivia', data: { text: 'Ban cometchat-uid-2?' } });
		const page = await waiting.request(pathOf(actionOf(buttons()[0]).url));
		expect(page.text).toContain('<p>Ban cometchat-uid-2?</p>');
		const answer = await waiting.request(pathOf(actionOf(buttons()[0]).url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect(answer.status).toBe(200);
		expect(ctx.emulator.requests[2].body).toMatchObject({ receiver: 'mod-olivia', data: { text: 'Approved' } });
	});

	it('refuses a URL whose signature does not match (an answer changed, another execution, a forged token) and keeps waiting', async () => {
		const waiting = await wait({});
		const url = new URL(String(actionOf(buttons()[0]).url));
		const zero = '0'.repeat(64);
		for (const [forged, status] of [
			[url.href.replace('approved=true', 'approved=false'), 401],
			[url.href.replace('wait-execution-1', 'wait-execution-2'), 404],
			[url.href.replace(/&s=[0-9a-f]+/, `&s=${zero}`), 401],
			[url.href.replace(/&s=[0-9a-f]+/, ''), 401],
			[url.href.replace(/&signature=[^&]+/, `&signature=${zero}`), 401],
			[url.href.replace(/&signature=[^&]+/, ''), 401],
			[url.href.replace(/w=[0-9a-f]+/, `w=${'1'.repeat(24)}`), 401],
		] as Array<[string, number]>) {
			const refused = await waiting.request(pathOf(forged), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
			expect([forged, refused.status]).toEqual([forged, status]);
		}
		// The node's own refusal says why, in the chat's JSON.
		const changed = await waiting.request(pathOf(url.href.replace('approved=true', 'approved=false')), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect(JSON.parse(changed.text)).toEqual({ message: 'This link is not valid.' });
		expect(waiting.resumes).toBe(0);
		expect(ctx.emulator.requests).toHaveLength(1);
		const ok = await waiting.request(pathOf(url.href), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect(ok.status).toBe(200);
		// No clicker claimed: a one-to-one message is marked for its receiver (see the node).
		expect(await waiting.output()).toEqual([{ data: { approved: true }, answered: true, respondedAt: expect.any(String), answeredIn: 'chat', messageId: expect.any(String), interacted: true }]);
		expect(ctx.emulator.requests[1]).toMatchObject({ method: 'PATCH', body: { interactions: ['approve'] }, headers: { onbehalfof: 'mod-olivia' } });
	});

	it('two answers at the same instant resume the execution once', async () => {
		// Reply With Outcome makes webhook() wait for CometChat, so the second answer arrives while the
		// execution still counts as waiting: n8n would hand it to webhook() too.
		const waiting = await wait({ approvalOptions: { values: { approvalType: 'double' } }, options: { replyWithOutcome: true } });
		const [approve, decline] = buttons().map((element) => pathOf(actionOf(element).url));
		const post = (path: string) => waiting.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		const answers = await Promise.all([post(approve), post(decline)]);
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
		expect(answers.find((answer) => answer.status === 409)?.text).toBe('{"message":"This question has been answered already."}');
		expect(waiting.resumes).toBe(1);
		expect(await waiting.output()).toHaveLength(1);
		// One mark and one outcome message, after the one question.
		const id = String(waiting.items[0].json.messageId);
		expect(ctx.emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v3/messages', `PATCH /v3/messages/${id}/interacted`, 'POST /v3/messages']);
	});

	it('free text on a page: the card opens the page; GET, link previews and an empty answer do not answer; the form does', async () => {
		const waiting = await wait({ responseType: 'freeText', options: { answerIn: 'page', messageButtonLabel: 'Write a note' } });
		expect(sentBody().type).toBe('card');
		expect(buttons()).toEqual([
			{ elementType: 'button', elementId: 'respond', buttonText: 'Write a note', disableAfterInteracted: true, action: { actionType: 'urlNavigation', url: expect.stringContaining('/webhook-waiting/wait-execution-1/wait-node-id-answer?w=') } },
		]);
		const page = pathOf(actionOf(buttons()[0]).url);
		const shown = await waiting.request(page);
		expect(shown.status).toBe(200);
		expect(shown.headers['content-security-policy']).toContain("form-action 'self'");
		expect(shown.text).toContain('<textarea id="response" name="response" rows="5" required>');
		expect(shown.text).toContain('<p>Ban cometchat-uid-2?</p>');
		const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
		const preview = await waiting.request(page, { method: 'POST', headers: { ...form, 'User-Agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' }, body: 'response=hi' });
		expect(preview.status).toBe(403);
		const empty = await waiting.request(page, { method: 'POST', headers: form, body: 'response=' });
		expect(empty.status).toBe(400);
		expect(empty.text).toContain('&quot;Response&quot; is required.');
		expect(waiting.resumes).toBe(0);
		const answered = await waiting.request(page, { method: 'POST', headers: form, body: 'response=Ban+them%2C+it+is+spam' });
		expect(answered.status).toBe(200);
		expect(answered.text).toContain('Your answer was recorded.');
		const messageId = String(waiting.items[0].json.messageId);
		expect(await waiting.output()).toEqual([{ data: { text: 'Ban them, it is spam' }, answered: true, respondedAt: expect.any(String), answeredIn: 'page', messageId, interacted: true }]);
		// The page's answer: no client marks the message, the node does, for the receiver (one-to-one).
		expectRequest(
			ctx.emulator.requests[1],
			{ method: 'PATCH', path: `/v3/messages/${messageId}/interacted`, body: { interactions: ['respond'] }, headers: { onBehalfOf: 'mod-olivia' } },
			ctx.emulator.apiKey,
		);
		expect(ctx.emulator.requests).toHaveLength(2);
	});

	it('a custom form becomes a CometChat form; its answer is keyed by field label, a missing required field answers nothing', async () => {
		const formFields = {
			values: [
				{ fieldLabel: 'Reason', fieldType: 'text', placeholder: 'Why?', requiredField: true },
				{ fieldLabel: 'Action', fieldType: 'dropdown', fieldOptions: { values: [{ option: 'Ban' }, { option: 'Warn' }] }, requiredField: true },
				{ fieldLabel: 'Notify', fieldType: 'checkbox', fieldOptions: { values: [{ option: 'User' }, { option: 'Team' }] } },
				{ fieldLabel: 'Days', fieldType: 'number' },
			],
		};
		const waiting = await wait({ responseType: 'form', formFields, options: { responseFormTitle: 'Review', responseFormButtonLabel: 'Send' } });
		const body = sentBody();
		expect(body.type).toBe('form');
		const data = body.data as IDataObject;
		expect(data.interactionGoal).toEqual({ type: 'anyOf', elementIds: ['submit'] });
		expect(interactive()).toEqual({
			title: 'Review',
			formFields: [
				{ elementType: 'label', elementId: 'intro', text: 'Ban cometchat-uid-2?' },
				{ elementType: 'textInput', elementId: 'field-0', label: 'Reason', optional: false, maxLines: 1, placeholder: { text: 'Why?' } },
				{ elementType: 'dropdown', elementId: 'field-1', label: 'Action', optional: false, options: [{ value: 'Ban', label: 'Ban' }, { value: 'Warn', label: 'Warn' }] },
				{ elementType: 'checkbox', elementId: 'field-2', label: 'Notify', optional: true, options: [{ value: 'User', label: 'User' }, { value: 'Team', label: 'Team' }] },
				{ elementType: 'textInput', elementId: 'field-3', label: 'Days', optional: true, maxLines: 1 },
			],
			submitElement: { elementType: 'button', elementId: 'submit', buttonText: 'Send', disableAfterInteracted: true, action: expect.objectContaining({ actionType: 'apiAction', method: 'POST', dataKey: 'answer' }) },
			goalCompletionText: 'Your answer was recorded.',
		});
		const submit = pathOf(actionOf(interactive().submitElement as IDataObject).url);
		const post = (answer: IDataObject) =>
			waiting.request(submit, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ answer, cometchatSenderUid: 'mod-olivia' }) });
		const missing = await post({ 'field-0': 'spam' });
		expect(missing.status).toBe(400);
		expect(JSON.parse(missing.text)).toEqual({ message: '"Action" is required.' });
		const unknown = await post({ 'field-0': 'spam', 'field-1': 'Delete' });
		expect(unknown.status).toBe(400);
		expect(waiting.resumes).toBe(0);
		expect((await post({ 'field-0': 'spam', 'field-1': 'Ban', 'field-2': ['Team'], 'field-3': '7' })).status).toBe(200);
		expect(await waiting.output()).toEqual([
			{ data: { Reason: 'spam', Action: 'Ban', Notify: ['Team'], Days: 7 }, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: expect.any(String), interacted: true },
		]);
		expect(ctx.emulator.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { interactions: ['submit'] }, headers: { onbehalfof: 'mod-olivia' } });
	});

	it('a custom form answered on the page: GET shows every field, a urlencoded or a multipart POST answers with every field, once', async () => {
		const formFields = {
			values: [
				{ fieldLabel: 'Reason', fieldType: 'textarea', requiredField: true },
				{ fieldLabel: 'Action', fieldType: 'radio', fieldOptions: { values: [{ option: 'Ban' }, { option: 'Warn' }] }, requiredField: true },
				{ fieldLabel: 'Notify', fieldType: 'checkbox', fieldOptions: { values: [{ option: 'User' }, { option: 'Team' }] } },
				{ fieldLabel: 'Until', fieldType: 'date' },
			],
		};
		for (const encoding of ['urlencoded', 'multipart'] as const) {
			ctx.emulator.requests.length = 0;
			const waiting = await wait({ responseType: 'form', formFields, options: { answerIn: 'page' } });
			expect(sentBody()).toMatchObject({ type: 'card' });
			const page = pathOf(actionOf(buttons()[0]).url);
			const shown = await waiting.request(page);
			expect(shown.status).toBe(200);
			for (const html of ['<textarea id="field-0" name="field-0" rows="5" required>', '<input type="radio" name="field-1" value="Ban" required>', '<input type="checkbox" name="field-2" value="Team">', 'name="field-3" type="date"']) {
				expect(shown.text).toContain(html);
			}
			const fields: Array<[string, string]> = [['field-0', 'Spam & links'], ['field-1', 'Warn'], ['field-2', 'User'], ['field-2', 'Team'], ['field-3', '2026-12-01']];
			let answered;
			if (encoding === 'urlencoded') {
				answered = await waiting.request(page, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
			} else {
				const form = new FormData();
				for (const [name, value] of fields) form.append(name, value);
				const encoded = new Request('http://x', { method: 'POST', body: form });
				answered = await waiting.request(page, { method: 'POST', headers: { 'Content-Type': String(encoded.headers.get('content-type')) }, body: await encoded.text() });
			}
			expect([encoding, answered.status]).toEqual([encoding, 200]);
			expect(await waiting.output()).toEqual([
				{ data: { Reason: 'Spam & links', Action: 'Warn', Notify: ['User', 'Team'], Until: '2026-12-01' }, answered: true, respondedAt: expect.any(String), answeredIn: 'page', messageId: expect.any(String), interacted: true },
			]);
			expect(waiting.resumes).toBe(1);
			expect(ctx.emulator.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { interactions: ['respond'] }, headers: { onbehalfof: 'mod-olivia' } });
		}
	});

	it('keeps every field of the answer, also one labelled __proto__ or constructor', async () => {
		const formFields = { values: [{ fieldLabel: 'Name' }, { fieldLabel: '__proto__' }, { fieldLabel: 'constructor' }] };
		const waiting = await wait({ responseType: 'form', formFields });
		const submit = pathOf(actionOf(interactive().submitElement as IDataObject).url);
		const answered = await waiting.request(submit, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ answer: { 'field-0': 'a', 'field-1': 'b', 'field-2': 'c' } }) });
		expect(answered.status).toBe(200);
		const [output] = await waiting.output();
		expect(Object.entries(output.data as IDataObject)).toEqual([['Name', 'a'], ['__proto__', 'b'], ['constructor', 'c']]);
	});

	it('n8n 1.x (no resume token): the buttons keep n8n\'s own signed URL at the node\'s ID, which n8n checks; the answer resumes once', async () => {
		const waiting = await startWait({ parameters: { ...base, approvalOptions: { values: { approvalType: 'double' } } }, credentials: ctx.credentials(), n8nMajor: 1 });
		waits.push(waiting);
		expect(waiting.run.data.resumeToken).toBeUndefined();
		const [approve, decline] = buttons().map((element) => String(actionOf(element).url));
		const nonce = new URL(approve).searchParams.get('w');
		expect(approve).toMatch(new RegExp(`^${waiting.base}/webhook-waiting/wait-execution-1/wait-node-id\\?approved=true&w=${nonce}&signature=[0-9a-f]{64}$`));
		// n8n 1.x checks the HMAC once the node asked for it (setSignatureValidationRequired, which this
		// harness's n8n-core 2.x lacks); the node checks it as well, whoever asked.
		const forged = await waiting.request(pathOf(decline.replace('approved=false', 'approved=true')), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect([forged.status, JSON.parse(forged.text)]).toEqual([401, { message: 'This link is not valid.' }]);
		const answer = await waiting.request(pathOf(decline), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cometchatSenderUid: 'mod-olivia' }) });
		expect(answer.status).toBe(200);
		expect(await waiting.output()).toEqual([{ data: { approved: false }, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: expect.any(String), interacted: true }]);
		expect(waiting.resumes).toBe(1);
		// The limit in n8n 1.x: a click after the execution finished gets n8n's own 200 page, before the node runs.
		const late = await waiting.request(pathOf(approve), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect([late.status, late.text]).toEqual([200, 'No action required']);
		expect(waiting.resumes).toBe(1);
	});

	it('Limit Wait Time: waits until then; when the time is over the node passes its input on, unanswered', async () => {
		const before = Date.now();
		const waiting = await wait({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' } } } });
		const until = waiting.run.waitTill!.getTime();
		expect(until).toBeGreaterThanOrEqual(before + 7_200_000);
		expect(until).toBeLessThanOrEqual(Date.now() + 7_200_000);
		const atDate = await wait({ options: { limitWaitTime: { values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2031-05-01T10:00:00.000Z' } } } });
		expect(atDate.run.waitTill?.toISOString()).toBe('2031-05-01T10:00:00.000Z');
		const resumed = await waiting.timeout();
		// n8n runs no node code at a timeout: it passes on the waiting node's input, which the node set to
		// its input plus the message's ID and answered: false.
		const messageId = waiting.items[0].json.messageId;
		expect(messageId).toEqual(expect.any(String));
		expect(resumed.data.resultData.runData['CometChat Send and Wait'].at(-1)?.data?.main?.[0]?.map((item) => item.json)).toEqual([{ flagged: 7, messageId, answered: false }]);
		expect(resumed.data.resultData.error).toBeUndefined();
		// After the timeout the message's buttons resume nothing, and n8n says so with a 409.
		const late = await waiting.request(pathOf(actionOf(buttons()[0]).url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect(late.status).toBe(409);
		expect(waiting.resumes).toBe(0);
		expect(ctx.emulator.requests).toHaveLength(2);
	});

	it('an answer after Limit Wait Time that reaches the node before n8n resumes the execution is refused as expired (410)', async () => {
		const waiting = await wait({ options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' } } } });
		const metadata = waiting.run.data.resultData.metadata as Record<string, string>;
		const [nonce, id] = metadata.cometchat_wait_waitnodeid.split(':');
		metadata.cometchat_wait_waitnodeid = `${nonce}:${id}:${Date.now() - 1}`;
		const url = pathOf(actionOf(buttons()[0]).url);
		const late = await waiting.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect([late.status, JSON.parse(late.text)]).toEqual([410, { message: 'This question has expired.' }]);
		const page = await waiting.request(url);
		expect(page.status).toBe(410);
		expect(page.text).toContain('This question has expired.');
		expect(waiting.resumes).toBe(0);
	});

	it('sends as a bot or on behalf of a user, and with Reply With Outcome tells the conversation who decided', async () => {
		addBot(ctx.emulator.state, 'mod-bot');
		const byBot = await wait({ sendAs: 'bot', sender: 'mod-bot', options: { replyWithOutcome: true } });
		expect(ctx.emulator.requests[0].path).toBe('/v3/bots/mod-bot/messages');
		expect(ctx.emulator.requests[0].headers).not.toHaveProperty('onbehalfof');
		await byBot.request(pathOf(actionOf(buttons()[0]).url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cometchatSenderUid: 'mod-olivia' }) });
		const [answer] = await byBot.output();
		expectRequest(
			ctx.emulator.requests[2],
			{ method: 'POST', path: '/v3/bots/mod-bot/messages', body: { receiver: 'mod-olivia', receiverType: 'user', category: 'message', type: 'text', data: { text: 'Approved by mod-olivia' } } },
			ctx.emulator.apiKey,
		);
		expect(answer).toEqual({ data: { approved: true }, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: expect.any(String), interacted: true, outcomeMessageId: expect.any(String) });

		ctx.emulator.requests.length = 0;
		await wait({ sendAs: 'user', sender: 'cometchat-uid-2' });
		expect(ctx.emulator.requests[0].path).toBe('/v3/messages');
		expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('cometchat-uid-2');
	});

	it('takes Sender UID and Receiver from the pickers ({__rl, mode, value}) when it sends and again when the answer comes', async () => {
		addBot(ctx.emulator.state, 'mod-bot');
		const waiting = await wait(
			{
				sendAs: 'bot',
				sender: { __rl: true, mode: 'list', value: 'mod-bot', cachedResultName: 'mod-bot (mod-bot)' },
				receiver: { __rl: true, mode: 'id', value: '={{ $json.moderator }}' },
				options: { replyWithOutcome: true },
			},
			[{ json: { moderator: 'mod-olivia' } }],
		);
		expect(waiting.run.data.resultData.error).toBeUndefined();
		expect(ctx.emulator.requests[0]).toMatchObject({ method: 'POST', path: '/v3/bots/mod-bot/messages', body: { receiver: 'mod-olivia', receiverType: 'user' } });
		const answer = await waiting.request(pathOf(actionOf(buttons()[0]).url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ cometchatSenderUid: 'mod-olivia' }) });
		expect(answer.status).toBe(200);
		expect(await waiting.output()).toEqual([expect.objectContaining({ data: { approved: true }, outcomeMessageId: expect.any(String) })]);
		expect(ctx.emulator.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v3/bots/mod-bot/messages', body: { receiver: 'mod-olivia', data: { text: 'Approved by mod-olivia' } } });
	});

	it('refuses bad input before anything is sent, naming the field and the item', async () => {
		for (const [parameters, text] of [
			// Never left at its default: n8n (1.x) checks the URL's signature only for a stored operation "sendAndWait".
			[{ operation: '={{ "" }}' }, 'Operation: must be one of sendAndWait'],
			[{ receiver: 'not a uid' }, 'Receiver: "not a uid" has characters'],
			[{ receiver: { __rl: true, mode: 'list', value: 'not a uid' } }, 'Receiver: "not a uid" has characters'],
			[{ sendAs: 'user', sender: { __rl: true, mode: 'list', value: '={{ " " }}' } }, 'Sender UID: is empty [item 0]'],
			[{ message: '={{ "" }}' }, 'Message: is empty [item 0]'],
			[{ sendAs: 'bot', sender: '={{ " " }}' }, 'Sender UID: is empty [item 0]'],
			[{ responseType: 'form', formFields: { values: [] } }, 'Form Fields: is empty'],
			// n8n refuses JSON answers for a stored "customForm" before the node runs (an earlier value).
			[{ responseType: 'customForm', formFields: { values: [{ fieldLabel: 'Reason' }] } }, 'Response Type: is "customForm"'],
			[{ responseType: 'form', formFields: { values: [{ fieldLabel: 'File', fieldType: 'file' }] } }, 'which a CometChat form cannot show'],
		] as Array<[INodeParameters, string]>) {
			const waiting = await wait(parameters);
			expect(waiting.run.data.resultData.error?.message).toContain(text);
			expect(waiting.run.waitTill).toBeUndefined();
		}
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('keeps CometChat\'s error and does not wait when the message is refused', async () => {
		const waiting = await wait({ sendAs: 'bot', sender: 'cometchat-uid-2' });
		expect(waiting.run.data.resultData.error?.message).toContain('ERR_BOT_NOT_FOUND');
		expect(waiting.run.waitTill).toBeUndefined();
		expect(JSON.stringify(waiting.run.data.resultData.error)).not.toContain(ctx.emulator.apiKey);
	});
});

describe('Send and Wait: what happens to the message after the answer', () => {
	const post = (waiting: Waiting, url: unknown, body: IDataObject = {}) =>
		waiting.request(pathOf(url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
	/** The message as the emulator keeps it (what a client would load). */
	const stored = (id: unknown) => ctx.emulator.state.messages.find((message) => message.id === String(id));
	const cometError = (code: string, message: string) => ({ status: 403, body: { error: { message, devMessage: '', source: 'chat-api', code } } });

	it('an answer on the page (urlNavigation) is marked for the receiver; Edit Message to Show Outcome edits the card as its sender', async () => {
		const waiting = await wait({ sendAs: 'user', sender: 'cometchat-uid-2', approvalOptions: { values: { approvalType: 'double' } }, options: { answerIn: 'page', editWithOutcome: true } });
		const sent = structuredClone(sentBody().data as IDataObject);
		const [approve] = buttons();
		expect(actionOf(approve).actionType).toBe('urlNavigation');
		const answered = await waiting.request(pathOf(actionOf(approve).url), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
		expect(answered.status).toBe(200);
		const messageId = String(waiting.items[0].json.messageId);
		expect(await waiting.output()).toEqual([{ data: { approved: true }, answered: true, respondedAt: expect.any(String), answeredIn: 'page', messageId, interacted: true, edited: true }]);
		expect(ctx.emulator.requests).toHaveLength(3);
		expectRequest(
			ctx.emulator.requests[1],
			{ method: 'PATCH', path: `/v3/messages/${messageId}/interacted`, body: { interactions: ['approve'] }, headers: { onBehalfOf: 'mod-olivia', 'Content-Type': 'application/json' } },
			ctx.emulator.apiKey,
		);
		// The same card, the same (signed) buttons, its text followed by the outcome.
		const text = 'Ban cometchat-uid-2?\n\nApproved';
		expectRequest(
			ctx.emulator.requests[2],
			{
				method: 'PUT',
				path: `/v3/messages/${messageId}`,
				body: { data: { ...sent, text, interactiveData: { ...(sent.interactiveData as IDataObject), text } } },
				headers: { onBehalfOf: 'cometchat-uid-2', 'Content-Type': 'application/json' },
			},
			ctx.emulator.apiKey,
		);
		expect(stored(messageId)?.data).toMatchObject({ text, interactiveData: { text } });
		// An edit, not a new message: CometChat records it as an "edited" action message.
		expect(ctx.emulator.state.messages.map((message) => [message.category, message.data.action])).toEqual([['interactive', undefined], ['action', 'edited']]);
	});

	it('in a group, an answer with no claimed clicker is not marked (reported), and the form is edited by the app to show the outcome', async () => {
		ctx.emulator.seedGroup({ guid: 'mods', name: 'Moderators', owner: 'mod-olivia', members: { 'mod-olivia': 'admin' } });
		const waiting = await wait({ receiverType: 'group', receiver: 'mods', responseType: 'freeText', options: { editWithOutcome: true } });
		const sent = structuredClone(sentBody().data as IDataObject);
		expect((await post(waiting, actionOf(interactive().submitElement as IDataObject).url, { answer: { response: 'warn them' } })).status).toBe(200);
		const messageId = String(waiting.items[0].json.messageId);
		expect(await waiting.output()).toEqual([
			{
				data: { text: 'warn them' },
				answered: true, respondedAt: expect.any(String),
				answeredIn: 'chat',
				messageId,
				interactedError: 'Not marked as interacted: who answered in the group is not known (the answer did not name them).',
				edited: true,
			},
		]);
		const text = 'Ban cometchat-uid-2?\n\nAnswered';
		const form = sent.interactiveData as IDataObject;
		expect(ctx.emulator.requests).toHaveLength(2);
		expectRequest(
			ctx.emulator.requests[1],
			{
				method: 'PUT',
				path: `/v3/messages/${messageId}`,
				body: { data: { ...sent, text, interactiveData: { ...form, title: text, goalCompletionText: 'Answered' } } },
				headers: { onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
	});

	it('a refused mark or edit never loses the answer: the execution resumes with it and each error, and Reply With Outcome still goes', async () => {
		const waiting = await wait({ approvalOptions: { values: { approvalType: 'double' } }, options: { editWithOutcome: true, replyWithOutcome: true } });
		ctx.emulator.failNext(cometError('ERR_NO_ACCESS', 'No access.'));
		ctx.emulator.failNext(cometError('ERR_MESSAGE_NOT_A_SENDER', 'Not the sender.'));
		expect((await post(waiting, actionOf(buttons()[1]).url, { cometchatSenderUid: 'mod-olivia' })).status).toBe(200);
		const [output] = await waiting.output();
		expect(output).toEqual({
			data: { approved: false },
			answered: true, respondedAt: expect.any(String),
			respondedBy: 'mod-olivia',
			answeredIn: 'chat',
			messageId: expect.any(String),
			interactedError: expect.stringContaining('No access.'),
			editError: expect.stringContaining('Not the sender.'),
			outcomeMessageId: expect.any(String),
		});
		expect((await waiting.resumed())?.data.resultData.error).toBeUndefined();
		expect(waiting.resumes).toBe(1);
		// Each follow-up once, none repeated.
		expect(ctx.emulator.requests.map((request) => [request.method, request.status])).toEqual([['POST', 200], ['PATCH', 403], ['PUT', 403], ['POST', 200]]);
		expect(ctx.emulator.requests[3].body).toMatchObject({ data: { text: 'Declined by mod-olivia' } });
		expect(JSON.stringify(output)).not.toContain(ctx.emulator.apiKey);
	});

	it('with Mark as Interacted off and no edit, nothing is sent after the answer', async () => {
		const waiting = await wait({ options: { markAsInteracted: false, editWithOutcome: false } });
		expect((await post(waiting, actionOf(buttons()[0]).url, { cometchatSenderUid: 'mod-olivia' })).status).toBe(200);
		expect(await waiting.output()).toEqual([{ data: { approved: true }, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: expect.any(String) }]);
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(stored(waiting.items[0].json.messageId)?.data.text).toBe('Ban cometchat-uid-2?');
	});

	it('an answer through a URL of an earlier wait of the node (another nonce) is refused; a wait not recorded is answered but its message left alone', async () => {
		const first = await wait({ options: { editWithOutcome: true } });
		// The wait is kept under this node's key: nonce, message ID, deadline (none: year 3000).
		const metadata = first.run.data.resultData.metadata as Record<string, string>;
		const [key] = Object.keys(metadata);
		expect(key).toBe('cometchat_wait_waitnodeid');
		const nonce = new URL(String(actionOf(buttons()[0]).url)).searchParams.get('w');
		expect(metadata[key]).toBe(`${nonce}:${first.items[0].json.messageId}:${Date.parse('3000-01-01T00:00:00.000Z')}`);
		// The node now waits for another question (a loop): this URL's wait is over.
		metadata[key] = `${'0'.repeat(24)}:${first.items[0].json.messageId}:${Date.parse('3000-01-01T00:00:00.000Z')}`;
		const closed = await post(first, actionOf(buttons()[0]).url, { cometchatSenderUid: 'mod-olivia' });
		expect([closed.status, JSON.parse(closed.text)]).toEqual([409, { message: 'This question is closed: it was answered already or has expired.' }]);
		expect(first.resumes).toBe(0);
		// Nothing recorded (n8n keeps at most 10 custom-data keys): the signed answer counts, the message is not guessed.
		delete metadata[key];
		expect((await post(first, actionOf(buttons()[0]).url, { cometchatSenderUid: 'mod-olivia' })).status).toBe(200);
		const unknown = "The message's ID was not kept with the waiting execution, so the message was left as it is.";
		expect(await first.output()).toEqual([{ data: { approved: true }, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', interactedError: unknown, editError: unknown }]);
		expect(ctx.emulator.requests).toHaveLength(1);
	});
});

describe('Message → Close Question (after Limit Wait Time)', () => {
	const closeNode: NodeKind = { ...chatNode, type: WAIT_TYPE, name: WAIT_NAME, nodeType: waitType };
	const close = { resource: 'message', operation: 'closeQuestion' };

	it('edits the unanswered question (read first, as its sender) to show the outcome; the timeout\'s output feeds it', async () => {
		addBot(ctx.emulator.state, 'mod-bot');
		const waiting = await wait({ sendAs: 'bot', sender: 'mod-bot', options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' } } } });
		const sent = structuredClone(sentBody().data as IDataObject);
		const timedOut = (await waiting.timeout()).data.resultData.runData[WAIT_NAME].at(-1)?.data?.main?.[0] ?? [];
		ctx.emulator.requests.length = 0;
		const run = await runNode({ node: closeNode, parameters: close, credentials: ctx.credentials(), input: timedOut.map((item) => ({ json: item.json })) });
		const messageId = String(timedOut[0].json.messageId);
		expect(run.error).toBeUndefined();
		const text = 'Ban cometchat-uid-2?\n\nExpired: no answer was given in time.';
		expect(ctx.emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v3/messages/${messageId}`, `PUT /v3/messages/${messageId}`]);
		expectRequest(
			ctx.emulator.requests[1],
			{ method: 'PUT', path: `/v3/messages/${messageId}`, body: { data: { ...sent, text, interactiveData: { ...(sent.interactiveData as IDataObject), text } } }, headers: { onBehalfOf: 'mod-bot', 'Content-Type': 'application/json' } },
			ctx.emulator.apiKey,
		);
		// CometChat's answer to the edit, as it gives it: the "edited" action on the question.
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ category: 'action', data: { action: 'edited', entities: { on: { entity: { id: messageId, data: { text } } } } } });
	});

	it('a form with a title of its own shows the outcome in its question label; closing again with the same outcome does not repeat it', async () => {
		await wait({ responseType: 'freeText', options: { responseFormTitle: 'Review' } });
		const sent = structuredClone(sentBody().data as IDataObject);
		const id = String(ctx.emulator.state.messages[0].id);
		const text = 'Ban cometchat-uid-2?\n\nExpired: no answer was given in time.';
		for (let time = 0; time < 2; time += 1) {
			ctx.emulator.requests.length = 0;
			const run = await runNode({ node: closeNode, parameters: close, credentials: ctx.credentials(), input: [{ json: { messageId: id } }] });
			expect(run.error).toBeUndefined();
			const form = sent.interactiveData as IDataObject;
			const [intro, ...fields] = form.formFields as IDataObject[];
			expect(intro).toEqual({ elementType: 'label', elementId: 'intro', text: 'Ban cometchat-uid-2?' });
			expect(ctx.emulator.requests[1].body).toEqual({
				data: { ...sent, text, interactiveData: { ...form, title: 'Review', formFields: [{ ...intro, text }, ...fields], goalCompletionText: 'Expired: no answer was given in time.' } },
			});
		}
	});

	it('a form sent by the app: its title and completion text show the outcome, edited without onBehalfOf', async () => {
		await wait({ responseType: 'freeText' });
		const sent = structuredClone(sentBody().data as IDataObject);
		const id = String(ctx.emulator.state.messages[0].id);
		ctx.emulator.requests.length = 0;
		const run = await runNode({ node: closeNode, parameters: { ...close, closeOutcome: 'Closed by the on-call lead.' }, credentials: ctx.credentials(), input: [{ json: { messageId: Number(id) } }] });
		expect(run.error).toBeUndefined();
		const text = 'Ban cometchat-uid-2?\n\nClosed by the on-call lead.';
		expectRequest(
			ctx.emulator.requests[1],
			{ method: 'PUT', path: `/v3/messages/${id}`, body: { data: { ...sent, text, interactiveData: { ...(sent.interactiveData as IDataObject), title: text, goalCompletionText: 'Closed by the on-call lead.' } } }, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
	});

	it('refuses what is not a question: a bad ID before any request (or, with Continue On Fail, as its item), a text message after reading it', async () => {
		for (const id of ['12/../../users', '12?x=1', '0', '1'.repeat(21), '']) {
			const bad = await runNode({ node: closeNode, parameters: close, credentials: ctx.credentials(), input: [{ json: { messageId: '5' } }, { json: { messageId: id } }] });
			expect(bad.error?.message).toMatch(/^Message ID: .* \[item 1\]$/);
		}
		expect(ctx.emulator.requests).toEqual([]);
		await wait({});
		const question = String(ctx.emulator.state.messages[0].id);
		ctx.emulator.requests.length = 0;
		const kept = await runNode({ node: closeNode, parameters: close, credentials: ctx.credentials(), continueOnFail: true, input: [{ json: { messageId: 'abc' } }, { json: { messageId: question } }] });
		expect(kept.error).toBeUndefined();
		expect(kept.items.map((item) => item.json)).toEqual([
			{ error: 'Message ID: "abc" is not a message ID; CometChat message IDs are whole numbers from 1, such as 2144 [item 0]' },
			expect.objectContaining({ category: 'action', data: expect.objectContaining({ action: 'edited' }) }),
		]);
		expect(ctx.emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v3/messages/${question}`, `PUT /v3/messages/${question}`]);
		ctx.emulator.requests.length = 0;
		const id = String(seedMessage(ctx.emulator.state, { sender: 'cometchat-uid-2', receiver: 'mod-olivia', text: 'hi' }).id);
		const refused = await runNode({ node: closeNode, parameters: close, credentials: ctx.credentials(), input: [{ json: { messageId: id } }] });
		expect(refused.error?.message).toBe(`Message ID: message ${id} is not a question (an interactive message) [item 0]`);
		expect(ctx.emulator.requests.map((request) => request.method)).toEqual(['GET']);
	});
});

describe('Message → Send Message (CometChat Send and Wait, no waiting)', () => {
	const sendNode: NodeKind = { ...chatNode, type: WAIT_TYPE, name: WAIT_NAME, nodeType: waitType };
	const send = { resource: 'message', operation: 'send', receiverType: 'group', receiver: '={{ $json.guid }}', message: '={{ "Hello " + $json.name }}' };

	it('sends one text message per item and returns each sent message, without waiting', async () => {
		ctx.emulator.seedGroup({ guid: 'cometchat-guid-1', name: 'Hikers', owner: 'mod-olivia', members: { 'mod-olivia': 'admin' } });
		const result = await runNode({
			node: sendNode,
			parameters: { ...send, sendAs: 'user', sender: 'mod-olivia' },
			credentials: ctx.credentials(),
			input: [{ json: { guid: 'cometchat-guid-1', name: 'hikers' } }, { json: { guid: 'cometchat-guid-1', name: 'again' } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.run.waitTill).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(2);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/messages',
				body: { receiver: 'cometchat-guid-1', receiverType: 'group', category: 'message', type: 'text', data: { text: 'Hello hikers' } },
				headers: { onBehalfOf: 'mod-olivia' },
			},
			ctx.emulator.apiKey,
		);
		expect((ctx.emulator.requests[1].body as IDataObject).data).toEqual({ text: 'Hello again' });
		expect(result.items.map((item) => [item.json.receiver, item.json.sender, (item.json.data as IDataObject).text])).toEqual([
			['cometchat-guid-1', 'mod-olivia', 'Hello hikers'],
			['cometchat-guid-1', 'mod-olivia', 'Hello again'],
		]);
	});

	it('takes the receiver and the sender from the pickers too, per item', async () => {
		ctx.emulator.seedGroup({ guid: 'cometchat-guid-1', name: 'Hikers', owner: 'mod-olivia', members: { 'mod-olivia': 'admin' } });
		const result = await runNode({
			node: sendNode,
			parameters: { ...send, receiver: { __rl: true, mode: 'id', value: '={{ $json.guid }}' }, sendAs: 'user', sender: { __rl: true, mode: 'list', value: 'mod-olivia' } },
			credentials: ctx.credentials(),
			input: [{ json: { guid: 'cometchat-guid-1', name: 'hikers' } }],
		});
		expect(result.error).toBeUndefined();
		expect(ctx.emulator.requests).toEqual([
			expect.objectContaining({ path: '/v3/messages', headers: expect.objectContaining({ onbehalfof: 'mod-olivia' }), body: expect.objectContaining({ receiver: 'cometchat-guid-1', receiverType: 'group' }) }),
		]);
	});

	it('checks every item before sending anything, naming the field and the item', async () => {
		const result = await runNode({
			node: sendNode,
			parameters: send,
			credentials: ctx.credentials(),
			input: [{ json: { guid: 'cometchat-guid-1', name: 'a' } }, { json: { guid: 'not a guid', name: 'b' } }],
		});
		expect(result.error?.message).toContain('Receiver: "not a guid" has characters');
		expect(result.error?.message).toContain('[item 1]');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('with Continue On Fail a bad item becomes an error item and the others are sent', async () => {
		ctx.emulator.seedGroup({ guid: 'cometchat-guid-1', name: 'Hiking', owner: 'mod-olivia', members: { 'mod-olivia': 'admin' } });
		const result = await runNode({
			node: sendNode,
			parameters: send,
			credentials: ctx.credentials(),
			continueOnFail: true,
			input: [{ json: { guid: 'not a guid', name: 'a' } }, { json: { guid: 'cometchat-guid-1', name: 'b' } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ error: expect.stringContaining('Receiver: "not a guid" has characters') }, expect.objectContaining({ receiver: 'cometchat-guid-1', data: expect.objectContaining({ text: 'Hello b' }) })]);
		expect(ctx.emulator.requests).toHaveLength(1);
	});
});

describe('CometChat Send and Wait in the editor', () => {
	const properties = waitType.description.properties;
	const property = (name: string) => properties.find((candidate) => candidate.name === name)!;
	/** Response Type's value for a name ("Custom Form"): the tests follow the options as they are. */
	const typeOf = (name: string) => String((property('responseType').options as INodePropertyOptions[]).find((option) => option.name === name)!.value);
	/** A workflow of the node as n8n's editor holds it: the saved parameters, with the defaults of the fields shown filled in. */
	const editorWorkflow = (parameters: INodeParameters) =>
		oneNodeWorkflow({ id: 'wait-node-id', name: WAIT_NAME, type: WAIT_TYPE, typeVersion: 1, position: [0, 0], parameters }, waitType);
	const inEditor = (parameters: INodeParameters): INode => editorWorkflow(parameters).getNode(WAIT_NAME)!;

	it('subtitle: "Send message", "Close question", or "Send and wait: " and the Response Type, for every operation and response type', () => {
		const subtitleOf = (parameters: INodeParameters) => {
			const workflow = editorWorkflow(parameters);
			// As the canvas evaluates it (editor-ui getNodeSubtitle).
			return workflow.expression.getSimpleParameterValue(workflow.getNode(WAIT_NAME)!, waitType.description.subtitle, 'internal', {}, undefined, '');
		};
		// Send Message is the default operation (see description.ts): an untouched node.
		expect(subtitleOf({})).toBe('Send message');
		expect(subtitleOf({ resource: 'message', operation: 'send', responseType: typeOf('Free Text') })).toBe('Send message');
		expect(subtitleOf({ operation: 'closeQuestion' })).toBe('Close question');
		expect(subtitleOf({ operation: 'sendAndWait' })).toBe('Send and wait: Approval');
		for (const { name, value } of property('responseType').options as INodePropertyOptions[]) {
			expect(subtitleOf({ operation: 'sendAndWait', responseType: value })).toBe(`Send and wait: ${name}`);
		}
		expect(subtitleOf({ operation: 'sendAndWait', responseType: typeOf('Custom Form') })).toBe('Send and wait: Custom Form');
	});

	it('offers the form\'s and the page\'s options only for the response types that use them', () => {
		/** The entries the Options collection offers, as n8n's editor works them out for an entry (path "parameters.options"). */
		const offered = (parameters: INodeParameters) => {
			const node = inEditor({ operation: 'sendAndWait', ...parameters });
			return (property('options').options as INodeProperties[])
				.filter((entry) => NodeHelpers.displayParameterPath({ parameters: node.parameters }, entry, 'parameters.options', node, waitType.description))
				.map((entry) => entry.name);
		};
		const always = ['answerIn', 'editWithOutcome', 'limitWaitTime', 'markAsInteracted', 'replyWithOutcome'];
		expect(offered({})).toEqual(always);
		expect(offered({ responseType: 'approval', options: { answerIn: 'page' } })).toEqual(always);
		for (const type of [typeOf('Free Text'), typeOf('Custom Form')]) {
			expect(offered({ responseType: type }).sort()).toEqual([...always, 'responseFormButtonLabel', 'responseFormTitle'].sort());
			// The button that opens the page: only with Answer In: A Page.
			expect(offered({ responseType: type, options: { answerIn: 'page' } }).sort()).toEqual([...always, 'messageButtonLabel', 'responseFormButtonLabel', 'responseFormTitle'].sort());
		}
		// Send Message has no Options at all.
		const sending = inEditor({ operation: 'send' });
		expect(NodeHelpers.displayParameter(sending.parameters, property('options'), sending, waitType.description)).toBe(false);
		// An option left over from another response type is not kept (n8n drops what is not shown), so nothing hidden is used.
		expect(inEditor({ operation: 'sendAndWait', options: { responseFormTitle: 'Review', messageButtonLabel: 'Open', replyWithOutcome: true } }).parameters.options).toEqual({ replyWithOutcome: true });
	});

	it('picks Sender UID and Receiver as the CometChat node does: from a list (Receiver: users or groups, as Receiver Type says) or by ID', async () => {
		const chatReceiver = nodeType.description.properties.find((candidate) => candidate.name === 'receiver' && candidate.displayOptions?.show?.operation?.includes('send'))!;
		expect(property('receiver')).toMatchObject({ type: 'resourceLocator', required: true, modes: chatReceiver.modes, typeOptions: { loadOptionsDependsOn: ['receiverType'] } });
		// Changing Receiver Type clears a chosen receiver in n8n's editor, on both nodes.
		expect(chatReceiver.typeOptions).toEqual({ loadOptionsDependsOn: ['receiverType'] });
		expect(property('sender')).toMatchObject({ type: 'resourceLocator', required: true, displayName: 'Sender UID' });
		expect(property('sender').modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([['list', 'searchUsers'], ['id', undefined]]);
		expect(property('receiver').modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([['list', 'searchReceivers'], ['id', undefined]]);

		// The lists, through this node's own methods.
		ctx.emulator.seedGroup({ guid: 'mods', name: 'Moderators', owner: 'mod-olivia' });
		const sendNode: NodeKind = { ...chatNode, type: WAIT_TYPE, name: WAIT_NAME, nodeType: waitType };
		const groups = await listSearch('searchReceivers', ctx.credentials(), { ...base, receiverType: 'group' }, undefined, undefined, sendNode);
		expect(groups.results).toEqual([{ name: 'Moderators (mods)', value: 'mods' }]);
		const users = await listSearch('searchReceivers', ctx.credentials(), base, 'mod-o', undefined, sendNode);
		expect(users.results).toEqual([{ name: 'mod-olivia (mod-olivia)', value: 'mod-olivia' }]);
		const senders = await listSearch('searchUsers', ctx.credentials(), base, 'mod-', undefined, sendNode);
		expect(senders.results.map((result) => result.value).sort()).toEqual(['mod-bot', 'mod-olivia']);
	});
});
