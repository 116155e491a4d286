import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';
import { checkedMessageId } from '../shared/messageId';
import { characters, describeValue, idProblem, isObject } from '../shared/validate';

// What the node's fields ask for, read and checked once: in execute() before anything is sent (errors
// name the field and the item), and again in webhook() when the answer comes (the same parameters).

export type ResponseType = 'approval' | 'freeText' | 'form';
export type FieldType = 'checkbox' | 'date' | 'dropdown' | 'email' | 'number' | 'radio' | 'text' | 'textarea';

export interface FormField {
	/** The element's ID in the CometChat form and the page: `field-<n>`, as n8n's forms name theirs. */
	id: string;
	label: string;
	type: FieldType;
	placeholder: string;
	options: string[];
	required: boolean;
}

export interface Plan {
	sendAs: 'app' | 'bot' | 'user';
	sender: string;
	receiverType: 'user' | 'group';
	receiver: string;
	message: string;
	responseType: ResponseType;
	approvalType: 'single' | 'double';
	approveLabel: string;
	disapproveLabel: string;
	fields: FormField[];
	answerIn: 'chat' | 'page';
	/** When to stop waiting (n8n's WAIT_INDEFINITELY when no limit is set). */
	waitTill: Date;
	messageButtonLabel: string;
	formTitle: string;
	formButtonLabel: string;
	replyWithOutcome: boolean;
	/** After the answer: mark the message interacted for whoever answered (PATCH /messages/{id}/interacted). */
	markAsInteracted: boolean;
	/** After the answer: edit the message to show the outcome (PUT /messages/{id}). */
	editWithOutcome: boolean;
}

/** n8n-workflow's WAIT_INDEFINITELY (3000-01-01), written out as n8n compares it by value. */
export const WAIT_INDEFINITELY = new Date('3000-01-01T00:00:00.000Z');
// CometChat's limit for a message's text (send-message page); labels like other names, 100 (INFERRED).
const TEXT_MAX = 65_536;
const LABEL_MAX = 100;
const FIELD_TYPES: FieldType[] = ['checkbox', 'date', 'dropdown', 'email', 'number', 'radio', 'text', 'textarea'];
const UNIT_MS: Record<string, number> = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** Reads a parameter of the item: getNodeParameter with the item index bound (or none, in webhook()). */
export type ReadParameter = (name: string, fallback: unknown) => unknown;

/** The readers every field goes through: each error names the field and the item. */
function readers(read: ReadParameter, node: INode, itemIndex: number) {
	const fail = (field: string, problem: string, fix?: string) =>
		new NodeOperationError(node, `${field}: ${problem} [item ${itemIndex}]`, { itemIndex, description: fix });
	const checkText = (raw: unknown, field: string, { required = false, max = LABEL_MAX } = {}) => {
		if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') throw fail(field, `must be text, not ${describeValue(raw)}`);
		const value = String(raw ?? '').trim();
		if (required && value === '') throw fail(field, 'is empty');
		if (characters(value) > max) throw fail(field, `is ${characters(value)} characters long; at most ${max} fit`);
		return value;
	};
	const text = (name: string, field: string, fallback: string, limits?: { required?: boolean; max?: number }) => checkText(read(name, fallback), field, limits);
	const choice = <T extends string>(name: string, field: string, allowed: readonly T[], fallback: T | ''): T => {
		const raw = read(name, fallback);
		if (!allowed.includes(raw as T)) throw fail(field, `must be one of ${allowed.join(', ')}, not ${describeValue(raw)}`);
		return raw as T;
	};
	const id = (name: string, field: string) => {
		// A picker's value is {__rl, mode, value}; older workflows and expressions give the ID as text.
		const raw = read(name, '');
		const value = checkText(isObject(raw) && raw.__rl === true ? raw.value : raw, field, { required: true, max: Infinity });
		const problem = idProblem(value);
		if (problem) throw fail(field, problem);
		return value;
	};

	return { fail, text, choice, id };
}

/** What Send Message sends: sender, receiver, text. */
export type MessagePlan = Pick<Plan, 'sendAs' | 'sender' | 'receiverType' | 'receiver' | 'message'>;

export function readMessage(read: ReadParameter, node: INode, itemIndex: number): MessagePlan {
	const { text, choice, id } = readers(read, node, itemIndex);
	const sendAs = choice('sendAs', 'Send As', ['app', 'bot', 'user'] as const, 'app');
	return {
		sendAs,
		sender: sendAs === 'app' ? '' : id('sender', 'Sender UID'),
		receiverType: choice('receiverType', 'Receiver Type', ['user', 'group'] as const, 'user'),
		receiver: id('receiver', 'Receiver'),
		message: text('message', 'Message', '', { required: true, max: TEXT_MAX }),
	};
}

export function readPlan(read: ReadParameter, node: INode, itemIndex: number, now = Date.now()): Plan {
	const { fail, text, choice } = readers(read, node, itemIndex);
	// Chosen, hence stored with the node, so that n8n checks the resume URL's signature (see description.ts).
	choice('operation', 'Operation', ['sendAndWait'] as const, '');
	const message = readMessage(read, node, itemIndex);
	// n8n (1.x and 2.x, webhook-helpers' requiresMultipartFormData) answers 415 to every POST that is not
	// multipart/form-data for a node whose parameters say operation "sendAndWait" and responseType
	// "customForm", before the node runs; chat clients post JSON. So the Custom Form's value is "form".
	if (read('responseType', 'approval') === 'customForm') {
		throw fail('Response Type', 'is "customForm", which n8n lets answer only with multipart posts that chat clients cannot send', 'Choose Custom Form again in Response Type (its value is now "form").');
	}
	const responseType = choice('responseType', 'Response Type', ['approval', 'freeText', 'form'] as const, 'approval');
	const approval = (read('approvalOptions.values', {}) ?? {}) as IDataObject;
	if (!isObject(approval)) throw fail('Approval Options', `must be a set of options, not ${describeValue(approval)}`);
	const options = (read('options', {}) ?? {}) as IDataObject;
	if (!isObject(options)) throw fail('Options', `must be a set of options, not ${describeValue(options)}`);
	const option = (name: string, field: string, fallback: string) => text(`options.${name}`, field, options[name] === undefined ? fallback : String(options[name]));
	const flag = (name: string, field: string, fallback: boolean): boolean => {
		const value = options[name] ?? fallback;
		if (typeof value !== 'boolean') throw fail(field, `must be true or false, not ${describeValue(value)}`);
		return value;
	};
	const answerIn = options.answerIn ?? 'chat';
	if (answerIn !== 'chat' && answerIn !== 'page') throw fail('Answer In', `must be chat or page, not ${describeValue(answerIn)}`);

	return {
		...message,
		responseType,
		approvalType: approval.approvalType === 'double' ? 'double' : 'single',
		approveLabel: labelOf(approval.approveLabel, 'Approve', 'Approve Button Label', fail),
		disapproveLabel: labelOf(approval.disapproveLabel, 'Decline', 'Decline Button Label', fail),
		fields: responseType === 'form' ? readFields(read, fail) : [],
		answerIn,
		waitTill: waitTillOf(options.limitWaitTime, now, fail),
		messageButtonLabel: option('messageButtonLabel', 'Message Button Label', 'Respond') || 'Respond',
		formTitle: option('responseFormTitle', 'Response Form Title', ''),
		formButtonLabel: option('responseFormButtonLabel', 'Response Form Button Label', 'Submit') || 'Submit',
		replyWithOutcome: flag('replyWithOutcome', 'Reply With Outcome', false),
		markAsInteracted: flag('markAsInteracted', 'Mark as Interacted', true),
		editWithOutcome: flag('editWithOutcome', 'Edit Message to Show Outcome', false),
	};
}

type Fail = (field: string, problem: string, fix?: string) => NodeOperationError;

function labelOf(raw: unknown, fallback: string, field: string, fail: Fail): string {
	if (raw === undefined || raw === null || raw === '') return fallback;
	if (typeof raw !== 'string') throw fail(field, `must be text, not ${describeValue(raw)}`);
	if (characters(raw.trim()) > LABEL_MAX) throw fail(field, `is longer than ${LABEL_MAX} characters`);
	return raw.trim() || fallback;
}

/** The Form Fields as n8n's Form node defines them (fieldLabel, fieldType, fieldOptions, requiredField). */
function readFields(read: ReadParameter, fail: Fail): FormField[] {
	const raw = read('formFields.values', []);
	if (!Array.isArray(raw)) throw fail('Form Fields', `must be a list of fields, not ${describeValue(raw)}`);
	if (raw.length === 0) throw fail('Form Fields', 'is empty; add at least one field');
	const labels = new Set<string>();
	return raw.map((entry: unknown, index) => {
		const where = `field ${index + 1}`;
		if (!isObject(entry)) throw fail('Form Fields', `${where} must be a field, not ${describeValue(entry)}`);
		const label = typeof entry.fieldLabel === 'string' ? entry.fieldLabel.trim() : '';
		if (label === '') throw fail('Form Fields', `${where} has no Field Label`);
		if (labels.has(label)) throw fail('Form Fields', `two fields are labelled "${label}"; the answer is keyed by label`);
		labels.add(label);
		const type = (entry.fieldType ?? 'text') as FieldType;
		if (!FIELD_TYPES.includes(type)) {
			throw fail('Form Fields', `${where} ("${label}") has the element type ${describeValue(type)}, which a CometChat form cannot show`, `Use one of ${FIELD_TYPES.join(', ')}.`);
		}
		const values = isObject(entry.fieldOptions) && Array.isArray(entry.fieldOptions.values) ? entry.fieldOptions.values : [];
		const options = values.map((value) => (isObject(value) ? String(value.option ?? '').trim() : '')).filter(Boolean);
		if (['checkbox', 'dropdown', 'radio'].includes(type) && options.length === 0) throw fail('Form Fields', `${where} ("${label}") needs at least one option`);
		return {
			id: `field-${index}`,
			label,
			type,
			placeholder: typeof entry.placeholder === 'string' ? entry.placeholder : '',
			options,
			required: entry.requiredField === true,
		};
	});
}

/** n8n's Limit Wait Time: an interval from now, or a date; none waits indefinitely. */
function waitTillOf(limit: unknown, now: number, fail: Fail): Date {
	if (limit === undefined) return WAIT_INDEFINITELY;
	const values = isObject(limit) && isObject(limit.values) ? limit.values : undefined;
	if (!values) throw fail('Limit Wait Time', `must be a limit, not ${describeValue(limit)}`);
	if (values.limitType === 'atSpecifiedTime') {
		const at = new Date(String(values.maxDateAndTime ?? ''));
		if (Number.isNaN(at.getTime())) throw fail('Limit Wait Time', `Max Date and Time ${describeValue(values.maxDateAndTime)} is not a date`);
		return at;
	}
	const amount = Number(values.resumeAmount ?? 1);
	const unit = UNIT_MS[String(values.resumeUnit ?? 'hours')];
	if (!Number.isFinite(amount) || amount < 0 || !unit) throw fail('Limit Wait Time', 'needs an amount of 0 or more and a unit (seconds, minutes, hours, days)');
	return new Date(now + amount * unit);
}

/** What Close Question edits: a message by its ID, and the outcome shown below it. */
export interface ClosePlan {
	messageId: string;
	outcome: string;
}

export function readClose(read: ReadParameter, node: INode, itemIndex: number): ClosePlan {
	const { fail, text } = readers(read, node, itemIndex);
	// The package's one rule for message IDs: anything else would only reach another path.
	const checked = checkedMessageId(read('closeMessageId', ''));
	if ('problem' in checked) throw fail('Message ID', checked.problem, 'Use the messageId of a Send and Wait output.');
	return { messageId: checked.id, outcome: text('closeOutcome', 'Outcome', '', { required: true, max: 1_000 }) };
}
