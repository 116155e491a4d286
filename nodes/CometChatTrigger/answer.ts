import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

// The trigger answers every delivery itself with a small JSON body: n8n saves the workflow's static data
// (the seen-set) before it starts the execution only when the node answers (see webhook()).

export type WebhookResponse = ReturnType<IWebhookFunctions['getResponseObject']>;

export function writeAnswer(response: WebhookResponse, status: number, message: string): void {
	response.writeHead(status, { 'Content-Type': 'application/json' });
	response.end(JSON.stringify({ message }));
}

/** A small JSON answer written by the node itself, and no execution. */
export function answer(response: WebhookResponse, status: number, message: string): IWebhookResponseData {
	writeAnswer(response, status, message);
	return { noWebhookResponse: true };
}
