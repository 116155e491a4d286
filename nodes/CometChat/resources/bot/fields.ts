import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { botLocator } from '../../../shared/fields';
import { inputError, readBoolean, readChoice, readId, readText } from '../../../shared/validate';

// Bots have no OpenAPI text; their facts are CometChat's bot pages (reference cometchat-ai-agents-and-bots.md
// B.1, B.4): uid at most 50 characters, webhookURL a URL of at most 255, username and password at most 50.

/** The bot an operation works on: a picker over GET /bots, or its UID. */
export const botField = (description: string) => botLocator('uid', 'Bot', description);

const GROUP_CHAT_SETTINGS = ['allMessages', 'mentionedMessages', 'none', 'slashedMessages'];

export const botFields: INodeProperties[] = [
	{
		displayName: 'Callback URL',
		name: 'webhookURL',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://n8n.example.com/webhook/…/webhook',
		description: "Where CometChat posts the messages the bot receives, at most 255 characters (a CometChat Trigger's Production URL, for example)",
	},
	{
		displayName: 'Enabled',
		name: 'enabled',
		type: 'boolean',
		default: true,
		description: 'Whether CometChat relays messages to the bot (a new bot relays nothing until enabled)',
	},
	{
		displayName: 'Group Messages',
		name: 'groupChatSetting',
		type: 'options',
		options: [
			{ name: 'All Messages', value: 'allMessages' },
			{ name: 'Mentioned Messages', value: 'mentionedMessages', description: 'Messages that mention the bot' },
			{ name: 'None', value: 'none' },
			{ name: 'Slash Messages', value: 'slashedMessages', description: 'Messages starting with "/"' },
		],
		default: 'none',
		description: 'Which messages of its groups CometChat relays to the bot (messages to the bot itself always are)',
	},
	{
		displayName: 'Password',
		name: 'password',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Basic Auth password CometChat sends with every callback, at most 50 characters. Never shown in the output.',
	},
	{
		displayName: 'Use Basic Auth',
		name: 'useBasicAuth',
		type: 'boolean',
		default: false,
		description: 'Whether CometChat sends the username and password (HTTP Basic Auth) with every callback',
	},
	{
		displayName: 'Username',
		name: 'username',
		type: 'string',
		default: '',
		placeholder: 'e.g. cometchat',
		description: 'Basic Auth username CometChat sends with every callback, at most 50 characters',
	},
];

// Cut out of errors like the credential's secrets.
registerSecretParameter('password', 'updateFields.password');

/**
 * preSend of Create (uid, URL and Basic Auth at the top, the rest in Options) and Update (all in Update
 * Fields): the body, each field checked before anything is sent.
 */
export function botBody(creating: boolean) {
	return async function buildBotBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const collection = creating ? 'options' : 'updateFields';
		const values = (this.getNodeParameter(collection, {}) ?? {}) as IDataObject;
		const top = ['webhookURL', 'useBasicAuth', 'username', 'password'];
		const where = (name: string) => (creating && top.includes(name) ? name : name in values ? `${collection}.${name}` : undefined);
		const body: IDataObject = {};
		if (creating) {
			const uid = readId(this, 'uid', 'User');
			if (uid.length > 50) throw inputError(this, 'User', `is ${uid.length} characters long; a bot's UID has at most 50`);
			body.uid = uid;
		}
		const basicAuth = creating && this.getNodeParameter('useBasicAuth', false) === true;
		for (const field of botFields) {
			const path = where(field.name);
			// Create sends the pair only with Use Basic Auth on: CometChat drops it otherwise (B.1).
			if (!path || (creating && (field.name === 'username' || field.name === 'password') && !basicAuth)) continue;
			if (field.type === 'boolean') body[field.name] = readBoolean(this, path, field.displayName);
			else if (field.type === 'options') body[field.name] = readChoice(this, path, field.displayName, GROUP_CHAT_SETTINGS);
			else {
				const text = readText(this, path, field.displayName, { required: true, max: field.name === 'webhookURL' ? 255 : 50 });
				if (field.name === 'webhookURL' && !/^https?:\/\/[^\s/?#]+/i.test(text)) {
					throw inputError(this, field.displayName, `"${text.slice(0, 80)}" is not an http:// or https:// address`);
				}
				body[field.name] = text;
			}
		}
		if (!creating && Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty; add at least one field to change');
		requestOptions.body = body;
		return requestOptions;
	};
}
