import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { receiverLocator, userLocator } from '../shared/fields';

// n8n-workflow's SEND_AND_WAIT_OPERATION, written out: n8n 1.x releases before it existed lack the export.
export const SEND_AND_WAIT = 'sendAndWait';
/** Send Message: the same message fields, no waiting. */
export const SEND = 'send';
/** Close Question: edit a question, e.g. after Limit Wait Time, when n8n runs no node code (see the node). */
export const CLOSE = 'closeQuestion';

const forMessage = { show: { resource: ['message'], operation: [SEND_AND_WAIT] } };
/** The fields of the message itself, which Send Message shows too. */
const forBoth = { show: { resource: ['message'], operation: [SEND, SEND_AND_WAIT] } };
const shown = (show: Record<string, string[]>) => ({ show: { ...forMessage.show, ...show } });
/**
 * Options that only a form or the page uses (interactive.ts, answer.ts), hidden for Approval: an entry
 * of Options reads the top-level Response Type as "/responseType", as n8n's editor and its parameter
 * resolution do. Every other Response Type answers in a form, so "hide for Approval" names no other.
 */
const notForApproval = { '/responseType': ['approval'] };

/**
 * The fields, named as n8n's own Send and Wait nodes name them (responseType, approvalOptions,
 * formFields, options.limitWaitTime), so that workflows and n8n's Human review tool read alike.
 */
export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Message', value: 'message' }],
		default: 'message',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [
			{
				name: 'Send and Wait for Response',
				value: SEND_AND_WAIT,
				action: 'Send a message and wait for response',
				description: 'Send an interactive message in CometChat and wait until someone answers it in the chat',
			},
			{
				name: 'Send Message',
				value: SEND,
				action: 'Send a message',
				description: 'Send a text message in CometChat and go on without waiting',
			},
			{
				name: 'Close Question',
				value: CLOSE,
				action: 'Close a question',
				description: 'Edit a question this node sent so that it shows an outcome, e.g. that it expired unanswered',
			},
		],
		// Send and Wait is deliberately not the default: the editor saves only values that differ from the
		// default, and n8n checks a resume URL's signature only for a node whose saved parameters say
		// operation "sendAndWait" (1.x: waiting-webhooks.ts isSendAndWaitRequest; 2.x: else it expects
		// the resume token instead and refuses the signed URL). A default that is one of the options
		// (n8n's lint and scanner) and is not sendAndWait makes the choice saved.
		default: SEND,
	},
	{
		displayName: 'Send As',
		name: 'sendAs',
		type: 'options',
		options: [
			{ name: 'App (System)', value: 'app', description: 'The message comes from the app ("System")' },
			{ name: 'Bot', value: 'bot', description: 'One of the app\'s bots sends it (POST /bots/{uid}/messages)' },
			{ name: 'User', value: 'user', description: 'A user sends it (the onBehalfOf header)' },
		],
		default: 'app',
		displayOptions: forBoth,
	},
	{
		// The CometChat node's pickers; plan.ts reads and checks the ID (routing is for declarative nodes).
		...userLocator('sender', 'Sender UID', 'The bot or user that sends the message'),
		routing: undefined,
		displayOptions: { show: { ...forBoth.show, sendAs: ['bot', 'user'] } },
	},
	{
		displayName: 'Receiver Type',
		name: 'receiverType',
		type: 'options',
		options: [
			{ name: 'Group', value: 'group', description: 'Every member of the group sees it; the first answer counts' },
			{ name: 'User', value: 'user', description: 'A one-to-one message' },
		],
		default: 'user',
		displayOptions: forBoth,
	},
	{
		...receiverLocator('receiver', 'Receiver', 'The user (UID) or group (GUID) the message goes to'),
		routing: undefined,
		displayOptions: forBoth,
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		placeholder: 'e.g. Ban cometchat-uid-2 from Hiking Group for selling pills?',
		displayOptions: forBoth,
	},
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		options: [
			{ name: 'Approval', value: 'approval', description: 'Buttons to approve (and decline)' },
			// Not n8n's "customForm": n8n refuses non-multipart answers for that value (see plan.ts).
			{ name: 'Custom Form', value: 'form', description: 'A form with the fields you define' },
			{ name: 'Free Text', value: 'freeText', description: 'A text box' },
		],
		default: 'approval',
		displayOptions: forMessage,
	},
	{
		displayName: 'Approval Options',
		name: 'approvalOptions',
		type: 'fixedCollection',
		placeholder: 'Add option',
		default: {},
		displayOptions: shown({ responseType: ['approval'] }),
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Type of Approval',
						name: 'approvalType',
						type: 'options',
						options: [
							{ name: 'Approve Only', value: 'single' },
							{ name: 'Approve and Decline', value: 'double' },
						],
						default: 'single',
					},
					{ displayName: 'Approve Button Label', name: 'approveLabel', type: 'string', default: 'Approve' },
					{
						displayName: 'Decline Button Label',
						name: 'disapproveLabel',
						type: 'string',
						default: 'Decline',
						displayOptions: { show: { approvalType: ['double'] } },
					},
				],
			},
		],
	},
	{
		displayName: 'Form Fields',
		name: 'formFields',
		type: 'fixedCollection',
		placeholder: 'Add Form Element',
		default: {},
		typeOptions: { multipleValues: true, sortable: true },
		displayOptions: shown({ responseType: ['form'] }),
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Element Type',
						name: 'fieldType',
						type: 'options',
						default: 'text',
						options: [
							{ name: 'Checkboxes', value: 'checkbox' },
							{ name: 'Date', value: 'date' },
							{ name: 'Dropdown List', value: 'dropdown' },
							{ name: 'Email', value: 'email' },
							{ name: 'Number', value: 'number' },
							{ name: 'Radio Buttons', value: 'radio' },
							{ name: 'Text', value: 'text' },
							{ name: 'Textarea', value: 'textarea' },
						],
					},
					{ displayName: 'Field Label', name: 'fieldLabel', type: 'string', default: '', placeholder: 'e.g. Reason', required: true },
					{
						displayName: 'Field Options',
						name: 'fieldOptions',
						type: 'fixedCollection',
						placeholder: 'Add Field Option',
						default: { values: [{ option: '' }] },
						typeOptions: { multipleValues: true, sortable: true },
						displayOptions: { show: { fieldType: ['dropdown', 'checkbox', 'radio'] } },
						options: [
							{
								displayName: 'Values',
								name: 'values',
								values: [{ displayName: 'Option', name: 'option', type: 'string', default: '' }],
							},
						],
					},
					{
						displayName: 'Placeholder',
						name: 'placeholder',
						type: 'string',
						default: '',
						displayOptions: { show: { fieldType: ['text', 'textarea', 'email', 'number'] } },
					},
					{
						displayName: 'Required Field',
						name: 'requiredField',
						type: 'boolean',
						default: false,
						description: 'Whether the form can only be sent with this field filled in',
					},
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: forMessage,
		options: [
			{
				displayName: 'Answer In',
				name: 'answerIn',
				type: 'options',
				options: [
					{
						name: 'The Chat (API Action)',
						value: 'chat',
						description: 'Buttons and form post the answer straight from the chat (CometChat\'s apiAction)',
					},
					{
						name: 'A Page (URL Navigation)',
						value: 'page',
						description: 'The button opens a small n8n page with the buttons or the form (CometChat\'s urlNavigation)',
					},
				],
				default: 'chat',
			},
			{
				displayName: 'Edit Message to Show Outcome',
				name: 'editWithOutcome',
				type: 'boolean',
				default: false,
				description: 'Whether to edit the message after the answer so that it shows the outcome, e.g. "Approved by mod-olivia"',
			},
			{
				displayName: 'Limit Wait Time',
				name: 'limitWaitTime',
				type: 'fixedCollection',
				description: 'Whether to stop waiting after a time; the node then passes its input on unanswered',
				default: { values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' } },
				options: [
					{
						displayName: 'Values',
						name: 'values',
						values: [
							{
								displayName: 'Limit Type',
								name: 'limitType',
								type: 'options',
								default: 'afterTimeInterval',
								options: [
									{ name: 'After Time Interval', value: 'afterTimeInterval', description: 'Waits for a certain amount of time' },
									{ name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Waits until the set date and time' },
								],
							},
							{
								displayName: 'Amount',
								name: 'resumeAmount',
								type: 'number',
								displayOptions: { show: { limitType: ['afterTimeInterval'] } },
								typeOptions: { minValue: 0, numberPrecision: 2 },
								default: 1,
								description: 'The time to wait',
							},
							{
								displayName: 'Unit',
								name: 'resumeUnit',
								type: 'options',
								displayOptions: { show: { limitType: ['afterTimeInterval'] } },
								options: [
									{ name: 'Days', value: 'days' },
									{ name: 'Hours', value: 'hours' },
									{ name: 'Minutes', value: 'minutes' },
									{ name: 'Seconds', value: 'seconds' },
								],
								default: 'hours',
							},
							{
								displayName: 'Max Date and Time',
								name: 'maxDateAndTime',
								type: 'dateTime',
								displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
								default: '',
								description: 'Continue execution after the specified date and time',
							},
						],
					},
				],
			},
			{
				displayName: 'Mark as Interacted',
				name: 'markAsInteracted',
				type: 'boolean',
				default: true,
				description: 'Whether to mark the message as interacted for the person who answered, so their client shows it answered (needed above all for answers given on the page)',
			},
			{
				displayName: 'Message Button Label',
				name: 'messageButtonLabel',
				type: 'string',
				default: 'Respond',
				description: 'The button that opens the page (Answer In: A Page, Free Text and Custom Form)',
				displayOptions: { show: { answerIn: ['page'] }, hide: notForApproval },
			},
			{
				displayName: 'Reply With Outcome',
				name: 'replyWithOutcome',
				type: 'boolean',
				default: false,
				description: 'Whether to send a text message to the same conversation after the answer, e.g. "Approved by mod-olivia"',
			},
			{
				displayName: 'Response Form Button Label',
				name: 'responseFormButtonLabel',
				type: 'string',
				default: 'Submit',
				displayOptions: { hide: notForApproval },
			},
			{
				displayName: 'Response Form Title',
				name: 'responseFormTitle',
				type: 'string',
				default: '',
				description: 'Title of the form (Free Text and Custom Form)',
				displayOptions: { hide: notForApproval },
			},
		],
	},
	{
		displayName: 'Message ID',
		name: 'closeMessageId',
		type: 'string',
		required: true,
		default: '={{ $json.messageId }}',
		description: 'The question to close, e.g. the messageId of a Send and Wait output that ended unanswered',
		displayOptions: { show: { resource: ['message'], operation: [CLOSE] } },
	},
	{
		displayName: 'Outcome',
		name: 'closeOutcome',
		type: 'string',
		required: true,
		default: 'Expired: no answer was given in time.',
		description: 'Shown below the question, as an answer\'s outcome is',
		displayOptions: { show: { resource: ['message'], operation: [CLOSE] } },
	},
];

const responseType = properties.find((property) => property.name === 'responseType')!;
const responseTypes = responseType.options as INodePropertyOptions[];
const nameOf = (value: unknown) => JSON.stringify(responseTypes.find((option) => option.value === value)!.name);

/**
 * The canvas subtitle: "Send message", "Close question", or "Send and wait: " and the Response Type's name (its default's
 * when there is none). Written from the options, so that it names each of them.
 */
export const subtitle = `={{ $parameter["operation"] === "${SEND_AND_WAIT}" ? "Send and wait: " + (${responseTypes
	.map(({ value }) => `$parameter["responseType"] === ${JSON.stringify(value)} ? ${nameOf(value)} : `)
	.join('')}${nameOf(responseType.default)}) : $parameter["operation"] === "${CLOSE}" ? "Close question" : "Send message" }}`;
