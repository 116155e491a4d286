/**
 * A stand-in for OpenAI's chat completions API on 127.0.0.1, so the AI Agent example runs without an
 * account or network. It is scripted, not smart: given tools, it calls each of them once, filling every
 * argument from a `name: value` pair in the latest user message (`uid: cometchat-uid-2, guid: …`), then
 * answers with what the tools returned. If a pair is missing it asks for it instead of calling tools.
 * Point n8n's OpenAI credential (Base URL) at `url`. Every request body is kept in `requests`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Message {
	role: string;
	content?: string | Array<{ type: string; text?: string }> | null;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

interface Schema {
	type?: string;
	properties?: Record<string, Schema>;
}

interface Tool {
	type: string;
	function: { name: string; description?: string; parameters?: Schema & { required?: string[] } };
}

export interface ChatRequest {
	model: string;
	messages: Message[];
	tools?: Tool[];
	stream?: boolean;
}

export interface ScriptedModel {
	/** The base URL for n8n's OpenAI credential, e.g. http://127.0.0.1:4321/v1. */
	url: string;
	requests: ChatRequest[];
	reset(): void;
	close(): Promise<void>;
}

export const SCRIPTED_MODEL_NAME = 'scripted-moderator';

const text = (content: Message['content']): string =>
	typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');

/** `name: value` or `name = value` pairs; a value runs to the next comma, semicolon or line end. */
function pairs(message: string): Map<string, string> {
	const found = new Map<string, string>();
	for (const match of message.matchAll(/\b([A-Za-z][\w-]*)\s*[:=]\s*"?([^,;\n"]+)"?/g)) {
		if (!found.has(match[1].toLowerCase())) found.set(match[1].toLowerCase(), match[2].trim().replace(/[.!]$/, ''));
	}
	return found;
}

/** The assistant's next message for this conversation. */
export function reply(request: ChatRequest): Message {
	const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
	const afterUser = request.messages.slice(request.messages.lastIndexOf(lastUser as Message) + 1);
	const results = afterUser.filter((m) => m.role === 'tool');
	if (results.length > 0) {
		const calls = afterUser.flatMap((m) => m.tool_calls ?? []);
		const lines = results.map((r) => {
			const call = calls.find((c) => c.id === r.tool_call_id);
			return `- ${call?.function.name ?? 'tool'}: ${text(r.content)}`;
		});
		return { role: 'assistant', content: `Done. The tools answered:\n${lines.join('\n')}` };
	}
	const tools = request.tools ?? [];
	if (tools.length === 0) return { role: 'assistant', content: 'I have no tools to act with.' };
	const given = pairs(text(lastUser?.content));
	const missing = new Set<string>();
	// Objects are filled field by field: a tool gated by a Human review tool takes {toolParameters, hitlParameters}.
	const fill = (schema: Schema | undefined): Record<string, unknown> => {
		const args: Record<string, unknown> = {};
		for (const [name, field] of Object.entries(schema?.properties ?? {})) {
			const value = given.get(name.toLowerCase());
			if (field.type === 'object') args[name] = fill(field);
			else if (value === undefined) missing.add(name);
			else args[name] = field.type === 'number' ? Number(value) : field.type === 'boolean' ? value === 'true' : value;
		}
		return args;
	};
	const toolCalls = tools.map((tool, index) => ({
		id: `call_${index + 1}`,
		type: 'function',
		function: { name: tool.function.name, arguments: JSON.stringify(fill(tool.function.parameters)) },
	}));
	if (missing.size > 0) {
		return { role: 'assistant', content: `Please tell me ${[...missing].map((m) => `${m}: …`).join(', ')}.` };
	}
	return { role: 'assistant', content: null, tool_calls: toolCalls };
}

function send(res: ServerResponse, status: number, body: unknown): void {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
}

function answer(request: ChatRequest, res: ServerResponse, sequence: number): void {
	const message = reply(request);
	const finish = message.tool_calls ? 'tool_calls' : 'stop';
	const base = { id: `chatcmpl-${sequence}`, created: Math.floor(Date.now() / 1000), model: request.model };
	const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
	if (!request.stream) {
		send(res, 200, { ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish }], usage });
		return;
	}
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const chunk = (delta: unknown, finishReason: string | null): void =>
		void res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`);
	chunk(
		message.tool_calls
			? { role: 'assistant', content: null, tool_calls: message.tool_calls.map((c, index) => ({ index, ...c })) }
			: { role: 'assistant', content: message.content },
		null,
	);
	chunk({}, finish);
	res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
	res.end('data: [DONE]\n\n');
}

async function body(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

export async function createScriptedModel(port = 0): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	const server = createServer((req, res) => {
		const path = (req.url ?? '').split('?')[0];
		if (req.method === 'GET' && path.endsWith('/models')) {
			send(res, 200, { object: 'list', data: [{ id: SCRIPTED_MODEL_NAME, object: 'model', created: 0, owned_by: 'cometchat-demo' }] });
			return;
		}
		if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
			send(res, 404, { error: { message: `The scripted model only serves POST /v1/chat/completions, not ${req.method} ${path}`, type: 'invalid_request_error' } });
			return;
		}
		body(req).then(
			(raw) => {
				const request = JSON.parse(raw) as ChatRequest;
				requests.push(request);
				answer(request, res, requests.length);
			},
			() => send(res, 400, { error: { message: 'Unreadable body', type: 'invalid_request_error' } }),
		);
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		requests,
		reset: () => void (requests.length = 0),
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
