/**
 * What an example's check file (test/e2e/examples/<example>.ts) exports: the assertions on its headless
 * run (`n8n execute` from its Manual Trigger) and/or on its live use (the workflow activated in a running
 * n8n and called as in production). The runners give both the emulator, so checks assert CometChat's
 * state afterwards too, not only n8n's output.
 */
import type { Emulator, MessageRecord } from '../../emulator';
import type { Execution, N8n } from './instance';
import type { ScriptedModel } from './scripted-model';

export interface CheckContext {
	emulator: Emulator;
	model: ScriptedModel;
	n8n: N8n;
}

export interface WebhookAnswer {
	status: number;
	body: unknown;
}

export interface LiveContext extends CheckContext {
	/** Activates (publishes) the example's workflow, so its triggers and webhooks listen. */
	activate(): Promise<void>;
	/** A request to n8n's production webhook URL `/webhook/<path>` with a JSON body. */
	webhook(path: string, body: unknown, headers?: Record<string, string>): Promise<WebhookAnswer>;
	/** The example's newest execution once it has finished (waits for it), read like a headless run. */
	lastExecution(): Promise<Execution>;
	/** How many executions the example's workflow has had. */
	executionCount(): Promise<number>;
}

export interface ExampleCheck {
	headless?(run: Execution, ctx: CheckContext): void | Promise<void>;
	live?(ctx: LiveContext): Promise<void>;
}

/** The messages CometChat stored since the emulator was reset (the demo data has ids 1–4). */
export function messagesSince(emulator: Emulator, seeded = 4): MessageRecord[] {
	return emulator.state.messages.filter((m) => Number(m.id) > seeded);
}

/** `METHOD /path body [onBehalfOf]`, one line per request CometChat got, for exact request assertions. */
/** A MUID the node derived (from n8n's execution ID, which each run picks anew), as requestLines shows it. */
export const DERIVED_MUID = 'n8n-<derived>';
const DERIVED = /"muid":"n8n-[0-9a-f]{24}"/g;

export function requestLines(emulator: Emulator): string[] {
	return emulator.requests.map((r) =>
		[`${r.method} ${r.path.replace(/^\/v3/, '')}`, r.body === undefined ? '' : JSON.stringify(r.body).replace(DERIVED, `"muid":"${DERIVED_MUID}"`), r.headers.onbehalfof ? `[${r.headers.onbehalfof}]` : '']
			.filter(Boolean)
			.join(' '),
	);
}

/** The text of each message item a CometChat Send node output. */
export function texts(items: Array<Record<string, unknown>>): string[] {
	return items.map((m) => String((m.data as { text?: unknown } | undefined)?.text));
}
