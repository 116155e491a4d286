import type { IDataObject } from 'n8n-workflow';
import { idProblem, isObject } from '../shared/validate';
import { DATA_KEY, freeTextField } from './interactive';
import type { FormField, Plan } from './plan';

// The answer to a waiting message, from the request that reached the execution's signed resume URL.
// n8n has checked the signature before webhook() runs (n8n 2.x for every sendAndWait node, 1.x once the
// node called setSignatureValidationRequired), so the execution and the query (approved=…, w=…) are ours.

export interface Answer {
	data: IDataObject;
	/** The clicker's UID as the UI Kit reported it (apiAction's cometchatSenderUid), when it did. */
	respondedBy?: string;
}

/**
 * Link-preview and crawler agents: they fetch links found in chats without anyone clicking. They never
 * answer; GET and HEAD never answer anyway, this stops a POST from one too.
 */
const PREVIEW_AGENTS =
	/bot\b|crawler|spider|slurp|facebookexternalhit|facebookcatalog|whatsapp|telegrambot|slackbot|slack-imgproxy|discordbot|twitterbot|linkedinbot|skypeuripreview|embedly|quora link preview|pinterest|vkshare|redditbot|applebot|bingpreview|googleother|iframely|outbrain|nuzzel|bitlybot|mastodon|preview/i;

export function isPreviewAgent(userAgent: unknown): boolean {
	return typeof userAgent === 'string' && PREVIEW_AGENTS.test(userAgent);
}

/**
 * Answers already taken in this n8n process, by the wait's nonce (`w`, random per sent message): a second
 * click that reaches the process while the first answer's run has not yet saved the execution is refused
 * here; after that n8n itself refuses (execution running: 409; finished: 409 at the answer path, see the node).
 */
const taken = new Set<string>();
const TAKEN_MAX = 5_000;

/** Whether this answer is the first for the wait `nonce` (and takes it). The oldest go first past the limit. */
export function takeAnswer(nonce: string): boolean {
	if (taken.has(nonce)) return false;
	taken.add(nonce);
	if (taken.size > TAKEN_MAX) taken.delete(taken.values().next().value as string);
	return true;
}

/** The answer in a POST, or why it is not one (answered 400, nothing resumes). */
export function readAnswer(plan: Plan, query: IDataObject, body: unknown): Answer | { problem: string } {
	// n8n hands a multipart post's fields to the node as {data: {...}, files} (its form-data parser); a
	// urlencoded or JSON body comes as it is. A field of ours is never called "data" (IDs are field-<n>).
	const posted = isObject(body) ? body : {};
	const fields = isObject(posted.data) && !(DATA_KEY in posted) ? (posted.data as IDataObject) : posted;
	// INFERRED: the UI Kits put the logged-in user's UID in cometchatSenderUid; CometChat does not sign it,
	// so it says who the client claims clicked, from a client that could see the signed URL.
	const claimed = typeof fields.cometchatSenderUid === 'string' ? fields.cometchatSenderUid.trim() : '';
	const respondedBy = claimed && !idProblem(claimed) ? claimed : undefined;
	if (plan.responseType === 'approval') {
		// Only the signed query decides: the body could say anything.
		if (query.approved !== 'true' && query.approved !== 'false') return { problem: 'This link carries no answer.' };
		if (query.approved === 'false' && plan.approvalType !== 'double') return { problem: 'This link carries no answer.' };
		return { data: { approved: query.approved === 'true' }, respondedBy };
	}
	// apiAction: the form's values under dataKey; the page: the form's own fields.
	const values = isObject(fields[DATA_KEY]) ? (fields[DATA_KEY] as IDataObject) : fields;
	const wanted = plan.responseType === 'freeText' ? [freeTextField()] : plan.fields;
	const data: IDataObject = {};
	for (const field of wanted) {
		const value = valueOf(field, values[field.id]);
		if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') {
			if (field.required) return { problem: `"${field.label}" is required.` };
			continue;
		}
		if (typeof value === 'string' && field.options.length && !field.options.includes(value)) return { problem: `"${field.label}" has no option "${value}".` };
		if (Array.isArray(value) && value.some((entry) => !field.options.includes(entry))) return { problem: `"${field.label}" has an unknown option.` };
		// Defined, not assigned: a field may be labelled "__proto__" (assigning it would set the prototype).
		Object.defineProperty(data, plan.responseType === 'freeText' ? 'text' : field.label, { value, enumerable: true, writable: true, configurable: true });
	}
	return { data, respondedBy };
}

function valueOf(field: FormField, raw: unknown): string | number | string[] | undefined {
	if (raw === undefined || raw === null) return undefined;
	if (field.type === 'checkbox') {
		const list = Array.isArray(raw) ? raw : [raw];
		return list.map((entry) => String(entry)).filter(Boolean);
	}
	const text = Array.isArray(raw) ? String(raw[0] ?? '') : isObject(raw) && 'value' in raw ? String(raw.value) : String(raw);
	if (field.type === 'number' && text.trim() !== '') {
		const number = Number(text);
		return Number.isFinite(number) ? number : text;
	}
	return text;
}

/** The outcome as one line, e.g. "Approved by mod-olivia". */
export function outcomeText(plan: Plan, answer: Answer): string {
	const by = answer.respondedBy ? ` by ${answer.respondedBy}` : '';
	if (plan.responseType === 'approval') return `${answer.data.approved === true ? 'Approved' : 'Declined'}${by}`;
	return `Answered${by}`;
}

// The small pages n8n serves at the resume URL: the fallback for clients that open links instead of
// posting, and what a person sees who opens an apiAction URL in a browser. GET only shows; POST answers.

const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/** Headers of every page: no scripts, forms post only back to n8n, never framed. */
export const PAGE_HEADERS = {
	'Content-Type': 'text/html; charset=utf-8',
	'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
	'Cache-Control': 'no-store',
	'X-Robots-Tag': 'noindex',
};

function shell(title: string, body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}p{white-space:pre-wrap}label{display:block;margin:1rem 0 .25rem;font-weight:600}input,textarea,select{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#6851d6;color:#fff;font-size:1rem}</style></head><body>${body}</body></html>`;
}

/** The page of a GET: the approval to confirm, or the form to fill in. It never answers by itself. */
export function questionPage(plan: Plan, query: IDataObject): string {
	const message = `<p>${escapeHtml(plan.message)}</p>`;
	if (plan.responseType === 'approval') {
		const approve = query.approved !== 'false';
		const label = approve ? plan.approveLabel : plan.disapproveLabel;
		// action="" posts back to this very URL, its signed query included.
		return shell(label, `${message}<form method="post" action=""><button type="submit">${escapeHtml(label)}</button></form>`);
	}
	const fields = plan.responseType === 'freeText' ? [freeTextField()] : plan.fields;
	const inputs = fields.map((field) => fieldHtml(field)).join('');
	const title = plan.formTitle ? `<h1>${escapeHtml(plan.formTitle)}</h1>` : '';
	return shell(plan.formTitle || 'Your answer', `${title}${message}<form method="post" action="">${inputs}<button type="submit">${escapeHtml(plan.formButtonLabel)}</button></form>`);
}

function fieldHtml(field: FormField): string {
	const name = escapeHtml(field.id);
	const required = field.required ? ' required' : '';
	const label = `<label for="${name}">${escapeHtml(field.label)}</label>`;
	const placeholder = field.placeholder ? ` placeholder="${escapeHtml(field.placeholder)}"` : '';
	if (field.type === 'textarea') return `${label}<textarea id="${name}" name="${name}" rows="5"${placeholder}${required}></textarea>`;
	if (field.type === 'dropdown') {
		const options = field.options.map((option) => `<option>${escapeHtml(option)}</option>`).join('');
		return `${label}<select id="${name}" name="${name}"${required}><option value=""></option>${options}</select>`;
	}
	if (field.type === 'checkbox' || field.type === 'radio') {
		const kind = field.type;
		const boxes = field.options
			.map((option) => `<div><input type="${kind}" name="${name}" value="${escapeHtml(option)}"${kind === 'radio' ? required : ''}> ${escapeHtml(option)}</div>`)
			.join('');
		return `<fieldset><legend>${escapeHtml(field.label)}</legend>${boxes}</fieldset>`;
	}
	const type = { date: 'date', email: 'email', number: 'number', text: 'text' }[field.type] ?? 'text';
	return `${label}<input id="${name}" name="${name}" type="${type}"${placeholder}${required}>`;
}

/** The page after an answer, or a refusal. */
export function notePage(title: string, text: string): string {
	return shell(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}
