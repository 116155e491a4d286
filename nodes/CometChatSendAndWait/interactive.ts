import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../shared/validate';
import type { FormField, Plan } from './plan';

// The message: a CometChat interactive message (category "interactive"), a card with buttons or a form.
// Shapes from CometChat's UI Kit docs (interactive messages, card/form message, button element, action
// entity) and the UI Kits' source; the REST body for them is not in the OpenAPI spec (reference §7.9),
// so the JSON keys below are INFERRED from the SDKs' fromJSON readers.
//
// What each client does with a button (UI Kit source: the form and card bubbles):
// - apiAction: the client itself sends `method` to `url` with `headers` and the body
//   {...payload, [dataKey]: {<elementId>: value}, cometchatSenderUid: <logged-in UID>}, then marks the
//   element interacted when the answer is 200. React Native and Android send it natively; the web kits
//   send it with the browser's fetch, which needs CORS — n8n's waiting-webhook route answers the preflight
//   (it reflects the Origin and the requested headers), so the POST arrives from every kit.
// - urlNavigation: the client opens `url` in the browser and marks the element interacted.
// Either way the URL is the execution's signed resume URL; the answer travels in its signed query
// (approved=true|false) or in the body, never in anything a client could aim at another execution.

/** Where the answer's data sits in an apiAction's body (the UI Kits' dataKey). */
export const DATA_KEY = 'answer';
export const APPROVE_ID = 'approve';
export const DECLINE_ID = 'decline';
export const SUBMIT_ID = 'submit';
export const RESPOND_ID = 'respond';
export const FREE_TEXT_ID = 'response';
/** A form with a title of its own: the question, as a label before the fields. */
const INTRO_ID = 'intro';

/** A signed resume URL of this wait, with the given extra query parameters (also signed). */
export type SignUrl = (query?: Record<string, string>) => string;

function button(elementId: string, buttonText: string, action: IDataObject): IDataObject {
	return { elementType: 'button', elementId, buttonText, disableAfterInteracted: true, action };
}

const apiAction = (url: string, payload: IDataObject = {}): IDataObject => ({
	actionType: 'apiAction',
	url,
	method: 'POST',
	payload,
	headers: { 'Content-Type': 'application/json' },
	dataKey: DATA_KEY,
});
const urlNavigation = (url: string): IDataObject => ({ actionType: 'urlNavigation', url });

/** `{category, type, data}` of the message that asks, with its buttons pointing at `sign`ed URLs. */
export function interactiveMessage(plan: Plan, sign: SignUrl): IDataObject {
	const page = plan.answerIn === 'page';
	if (plan.responseType === 'approval') {
		const approve = sign({ approved: 'true' });
		const buttons = [button(APPROVE_ID, plan.approveLabel, page ? urlNavigation(approve) : apiAction(approve, { approved: true }))];
		if (plan.approvalType === 'double') {
			const decline = sign({ approved: 'false' });
			buttons.push(button(DECLINE_ID, plan.disapproveLabel, page ? urlNavigation(decline) : apiAction(decline, { approved: false })));
		}
		return card(plan.message, buttons);
	}
	if (page) return card(plan.message, [button(RESPOND_ID, plan.messageButtonLabel, urlNavigation(sign()))]);
	const fields = plan.responseType === 'freeText' ? [freeTextField()] : plan.fields;
	const interactiveData: IDataObject = {
		title: plan.formTitle || plan.message,
		formFields: [...(plan.formTitle ? [label(INTRO_ID, plan.message)] : []), ...fields.map(formElement)],
		submitElement: button(SUBMIT_ID, plan.formButtonLabel, apiAction(sign())),
		goalCompletionText: 'Your answer was recorded.',
	};
	return {
		category: 'interactive',
		type: 'form',
		data: {
			interactiveData,
			interactionGoal: { type: 'anyOf', elementIds: [SUBMIT_ID] },
			allowSenderInteraction: false,
			// Clients that cannot show interactive messages (push notifications, conversation lists) show this.
			text: plan.message,
		},
	};
}

function card(text: string, cardActions: IDataObject[]): IDataObject {
	return {
		category: 'interactive',
		type: 'card',
		data: {
			interactiveData: { text, cardActions },
			interactionGoal: { type: 'anyOf', elementIds: cardActions.map((action) => action.elementId as string) },
			allowSenderInteraction: false,
			text,
		},
	};
}

export function freeTextField(): FormField {
	return { id: FREE_TEXT_ID, label: 'Response', type: 'textarea', placeholder: '', options: [], required: true };
}

const label = (elementId: string, text: string): IDataObject => ({ elementType: 'label', elementId, text });

/** A form field as a CometChat form element (textInput, dropdown, checkbox, radio, dateTime). */
function formElement(field: FormField): IDataObject {
	const base = { elementId: field.id, label: field.label, optional: !field.required };
	const options = field.options.map((value) => ({ value, label: value }));
	switch (field.type) {
		case 'dropdown':
			return { ...base, elementType: 'dropdown', options };
		case 'checkbox':
			return { ...base, elementType: 'checkbox', options };
		case 'radio':
			return { ...base, elementType: 'radio', options };
		case 'date':
			return { ...base, elementType: 'dateTime', mode: 'date' };
		default:
			return {
				...base,
				elementType: 'textInput',
				maxLines: field.type === 'textarea' ? 5 : 1,
				...(field.placeholder ? { placeholder: { text: field.placeholder } } : {}),
			};
	}
}

/** The element an answer came through: the button clicked, the page's button, or the form's submit. */
export function answeredElement(plan: Plan, approved: unknown, answeredIn: 'chat' | 'page'): string {
	if (plan.responseType === 'approval') return approved === false ? DECLINE_ID : APPROVE_ID;
	return answeredIn === 'page' ? RESPOND_ID : SUBMIT_ID;
}

/**
 * The message's `data` once answered: the same message (same elements, the same signed URLs, so that a
 * client showing it keeps working), its text followed by the outcome; a form shows the outcome when done.
 * INFERRED: CometChat documents editing only `data.text` and `data.metadata`; the interactive content is
 * sent whole, as the message was, so that whether CometChat merges or replaces `data` it stays a message
 * the UI Kits can show.
 */
export function answeredMessageData(plan: Plan, sign: SignUrl, outcome: string): IDataObject {
	const data = interactiveMessage({ ...plan, message: `${plan.message}\n\n${outcome}` }, sign).data as IDataObject;
	if (plan.responseType !== 'approval' && plan.answerIn === 'chat') (data.interactiveData as IDataObject).goalCompletionText = outcome;
	return data;
}

/**
 * Close Question: the message's `data` as CometChat keeps it, its text (and a form's title, where it is the
 * text) followed by the outcome, as answeredMessageData shows an answer; the elements stay as they were.
 */
export function closedMessageData(data: IDataObject, outcome: string): IDataObject {
	const question = typeof data.text === 'string' ? data.text : '';
	// Closed with this outcome already: the same text again, not the outcome twice.
	const text = question.endsWith(`\n\n${outcome}`) || question === outcome ? question : question ? `${question}\n\n${outcome}` : outcome;
	const interactiveData = { ...((data.interactiveData ?? {}) as IDataObject) };
	if (typeof interactiveData.text === 'string') interactiveData.text = text;
	if (interactiveData.title === question) interactiveData.title = text;
	// A form with a title of its own shows the question as its first element, a label (see interactiveMessage).
	if (Array.isArray(interactiveData.formFields)) {
		interactiveData.formFields = (interactiveData.formFields as unknown[]).map((element) =>
			isObject(element) && element.elementType === 'label' && element.elementId === INTRO_ID && element.text === question ? { ...element, text } : element,
		) as IDataObject[];
	}
	if ('goalCompletionText' in interactiveData) interactiveData.goalCompletionText = outcome;
	// Only what the node sent: CometChat adds entities (and extensions their metadata) to what it gives back.
	return { text, interactiveData, interactionGoal: data.interactionGoal, allowSenderInteraction: data.allowSenderInteraction };
}
