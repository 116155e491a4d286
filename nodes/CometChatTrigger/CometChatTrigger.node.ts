import {
	NodeConnectionTypes,
	NodeOperationError,
	type ICredentialsDecrypted,
	type ICredentialTestFunctions,
	type IDataObject,
	type IHookFunctions,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { redactAll, redactItems } from '../shared/errors/redaction';
import { attachmentOptions, downloadAttachments } from './attachments';
import { basicAuthMatches, webhookAuthPair } from '../shared/webhooks/auth';
import { type Admission, admit, dedupeScope, saveTurn } from './dedupe';
import { answer, writeAnswer } from './answer';
import { BOT_MODE, botDelivery, botOptions, botProperties, botSettings, forgetBot, isBotMode, rememberBot } from './bot';
import { ALL_EVENTS, EVENT_OPTIONS } from '../shared/webhooks/events';
import { COMETCHAT_DESCRIPTION } from '../shared/chat/description';
import { envelopesOf, eventIdentity, itemsOf } from './payload';
import { pointBotHere, restoreBot } from './botRegistration';
import {
	BOT_AUTOMATIC,
	createWebhook,
	deleteWebhook,
	deliveryPair,
	isAutomatic,
	isBotAutomatic,
	triggerSecrets,
	webhookExists,
} from './registration';

export class CometChatTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat Trigger',
		name: 'cometChatTrigger',
		icon: { light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).includes("*") ? "All events" : ($parameter["events"] || []).join(", ")}}',
		// The nodes panel shows this node and CometChat as one entry with this description: the node's (see
		// nodes/shared/chat/description.ts). What the trigger does is in eventTriggerDescription and Events.
		description: COMETCHAT_DESCRIPTION,
		defaults: { name: 'CometChat Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// One credential at a time (n8n's single-credential-per-node rule): Registration picks it. Automatic
		// registration makes its own Basic Auth pair, so it needs the management key pair only; manual
		// registration needs the pair typed into the dashboard. Literal names: the package scanner reads
		// them from the source.
		credentials: [
			{ name: 'cometChatWebhookAuthApi', required: true, testedBy: 'checkWebhookAuth', displayOptions: { show: { registration: ['manual', 'bot'] } } },
			{ name: 'cometChatManagementApi', required: true, displayOptions: { show: { registration: ['automatic'] } } },
			{ name: 'cometChatApi', required: true, displayOptions: { show: { registration: ['botAutomatic'] } } },
		],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		eventTriggerDescription: 'Waiting for CometChat to send an event',
		properties: [
			{
				displayName: 'Registration',
				name: 'registration',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Automatic (Management API)',
						value: 'automatic',
						description:
							'Activating the workflow creates its webhook at CometChat with a Basic Auth pair the trigger makes itself, deactivating deletes it. Needs management API keys (a CometChat plan with multi-tenancy).',
					},
					{
						name: 'Manual (Dashboard)',
						value: 'manual',
						description: 'You add the webhook in the CometChat dashboard yourself',
					},
					{
						name: 'Bot Conversations (Custom Bot)',
						value: BOT_MODE,
						description: 'Messages sent to one of your CometChat bots, relayed to this trigger as its callback URL',
					},
					{
						name: 'Bot Conversations, Automatic (REST API)',
						value: BOT_AUTOMATIC,
						description:
							"Messages sent to one of your CometChat bots. Activating the workflow points the bot's callback at this trigger with a Basic Auth pair the trigger makes itself and enables the bot; deactivating puts back what the bot had. Needs the CometChat (REST API) credential.",
					},
				],
				// Manual by default: management API access depends on the CometChat plan (multi-tenancy).
				default: 'manual',
			},
			{
				displayName:
					'In the CometChat dashboard open your app → Settings → Webhooks → Add Webhook. Webhook URL: the Production URL shown above (Test URL while you click "Listen for test event"). Turn on Basic Authentication with the username and password of this node\'s CometChat Webhook Auth credential, turn on "Retry on failure", enable the triggers you choose below, and save. Events you do not choose here are answered and ignored.',
				name: 'manualNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { registration: ['manual'] } },
			},
			{
				displayName: 'App ID',
				name: 'appId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 2619372a0d1f1e8e',
				required: true,
				description: 'The CometChat app to register the webhook in (CometChat dashboard → Application → API & Auth Keys)',
				displayOptions: { show: { registration: ['automatic'] } },
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: EVENT_OPTIONS,
				required: true,
				default: [],
				description: 'The CometChat webhook triggers that start the workflow',
				displayOptions: { hide: { registration: [BOT_MODE, BOT_AUTOMATIC] } },
			},
			...botProperties,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					...attachmentOptions,
					...botOptions,
					{
						displayName: 'Ignore Repeated Deliveries',
						name: 'deduplicate',
						type: 'boolean',
						default: true,
						description:
							'Whether an event CometChat delivers again (it retries after 10 and 30 seconds) starts no second execution. Events with a key CometChat documents (such as Message Sent) are remembered across restarts (about the newest 1,100 per trigger); other events count as repeated for 2 minutes.',
					},
					{
						displayName: 'One Item per Member',
						name: 'splitMembers',
						type: 'boolean',
						default: true,
						description:
							'Whether events naming several members or users (members added, kicked, banned, users blocked, …) output one item per member or user',
					},
				],
			},
		],
	};

	methods = {
		credentialTest: {
			// Nothing to call for an incoming-only credential: check it against CometChat's rules.
			async checkWebhookAuth(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				const { problem } = webhookAuthPair(credential.data ?? {});
				return problem ? { status: 'Error', message: problem } : { status: 'OK', message: 'CometChat accepts this username and password' };
			},
		},
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				if (isBotMode(this)) {
					// Refused at activation rather than at every delivery; the bot becomes known to this
					// n8n's other Bot Conversations triggers (their loop guard) before it first speaks.
					const { settings, problem } = botSettings(this);
					if (!settings) throw new NodeOperationError(this.getNode(), String(problem));
					rememberBot(this, settings.botUid);
					// Automatic: create() points the bot here every activation (it keeps the original and
					// changes nothing when the bot already carries this trigger's URL and pair).
					return !isBotAutomatic(this);
				}
				// Manual registration: nothing to look up or create at CometChat.
				if (!isAutomatic(this)) return true;
				return await webhookExists(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				if (isBotAutomatic(this)) return await pointBotHere(this);
				if (!isAutomatic(this)) return true;
				return await createWebhook(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				if (isBotMode(this)) forgetBot(this);
				const bot = isBotAutomatic(this);
				if (!isAutomatic(this) && !bot) return true;
				try {
					return bot ? await restoreBot(this) : await deleteWebhook(this);
				} catch (error) {
					// Deactivation goes on; the webhook is found and reused on the next activation (a bot keeps
					// pointing here and its original stays saved, to be put back next time).
					const reason = redactAll((error as Error).message, await triggerSecrets(this));
					this.logger.warn(`CometChat Trigger: could not ${bot ? 'put back the bot\'s callback' : 'delete its webhook'} at CometChat: ${reason}`);
					return false;
				}
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const response = this.getResponseObject();

		const { pair, problem } = await deliveryPair(this);
		// A credential CometChat could not use either: fail loudly (an error execution) rather than
		// answer 401 forever without anyone noticing.
		if (problem) throw new NodeOperationError(this.getNode(), problem);
		// No pair (automatic registration before its first activation): nobody was given one.
		if (!pair || !basicAuthMatches(request.headers.authorization, pair)) {
			response.setHeader('WWW-Authenticate', 'Basic realm="CometChat Trigger"');
			return answer(response, 401, 'Authorization is required');
		}

		if (isBotMode(this)) return await botDelivery.call(this, pair);

		const envelopes = envelopesOf(this.getBodyData());
		if (!envelopes) {
			return answer(response, 400, 'The body is not a CometChat webhook event (a JSON object with "trigger" and a "data" object)');
		}

		const events = this.getNodeParameter('events', []) as string[];
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const wanted = envelopes.filter((envelope) => events.includes(ALL_EVENTS) || events.includes(envelope.trigger));
		const identities = wanted.map(eventIdentity);
		let fresh = wanted.map((_, index) => index);
		const scope = dedupeScope(this);
		let admission: Admission | undefined;
		if (options.deduplicate !== false && wanted.length > 0) {
			// Checked and recorded with no await in between: a copy arriving at the same instant finds it.
			admission = admit(scope, this.getWorkflowStaticData('node'), identities);
			const admitted = admission.fresh;
			fresh = fresh.filter((index) => admitted[index]);
		}
		// Answered with 200 so CometChat does not retry what was meant to be skipped.
		if (wanted.length === 0) return answer(response, 200, 'Event not selected in this trigger; ignored');
		// A repeat can still change the static data (an event the saved set lost, written again).
		if (fresh.length === 0) return await saveTurn(scope, admission, answer(response, 200, 'Event already received; ignored'));

		const items: INodeExecutionData[] = fresh.flatMap((index) =>
			itemsOf(wanted[index], options.splitMembers !== false).map((json) => ({ json: { ...json, dedupeKey: identities[index].dedupeKey } })),
		);

		// The node answers, and returns noWebhookResponse with the workflow data: then n8n saves the
		// static data (the seen-set) before it starts the execution. Left to n8n's own answer
		// ("onReceived"), n8n 2.x starts the execution first, which wraps the same static data in a
		// new Workflow and so resets its changed-flag: the additions were never saved (issue #14).
		// CometChat waits 2 seconds for an answer; downloads can take longer, so it comes first.
		writeAnswer(response, 200, 'Workflow was started');
		const appKey = options.downloadAttachments === true ? await downloadAttachments.call(this, items) : [];
		// An event may repeat a secret (a message quoting the webhook password): none reaches the workflow.
		const workflowData = [redactItems(items, [...(await triggerSecrets(this, pair)), ...appKey])];
		return await saveTurn(scope, admission, { noWebhookResponse: true, workflowData });
	}
}
