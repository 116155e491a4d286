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
import { redactAll, redactItems } from '../CometChat/shared/redaction';
import { downloadAttachments } from './attachments';
import { WEBHOOK_AUTH_CREDENTIAL, basicAuthMatches, webhookAuthPair } from './auth';
import { admitNew } from './dedupe';
import { ALL_EVENTS, EVENT_OPTIONS } from './events';
import { envelopesOf, eventIdentity, itemsOf } from './payload';
import {
	createWebhook,
	deleteWebhook,
	isAutomatic,
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
		description:
			'Starts the workflow when CometChat sends a webhook event: messages, reactions, receipts, users, groups and members, calls, moderation, notifications',
		defaults: { name: 'CometChat Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			// Literal names: the package scanner reads them from the source.
			{ name: 'cometChatWebhookAuthApi', required: true, testedBy: 'checkWebhookAuth' },
			{ name: 'cometChatManagementApi', required: true, displayOptions: { show: { registration: ['automatic'] } } },
			{ name: 'cometChatApi', required: false },
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
							'Activating the workflow creates its webhook at CometChat, deactivating deletes it. Needs management API keys (a CometChat plan with multi-tenancy).',
					},
					{
						name: 'Manual (Dashboard)',
						value: 'manual',
						description: 'You add the webhook in the CometChat dashboard yourself',
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
				description:
					'The CometChat app to register the webhook in. Leave empty to use the App ID of the connected CometChat API credential.',
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
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Download Attachments',
						name: 'downloadAttachments',
						type: 'boolean',
						default: false,
						description:
							'Whether to download the files attached to an event\'s message into the binary properties attachment_0, attachment_1 and so on. Private media (token-based file access) needs a CometChat API credential of the app.',
					},
					{
						displayName: 'Ignore Repeated Deliveries',
						name: 'deduplicate',
						type: 'boolean',
						default: true,
						description:
							'Whether an event CometChat delivers again (it retries after 10 and 30 seconds) starts no second execution',
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
				// Manual registration: nothing to look up or create at CometChat.
				if (!isAutomatic(this)) return true;
				return await webhookExists(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				if (!isAutomatic(this)) return true;
				return await createWebhook(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				if (!isAutomatic(this)) return true;
				try {
					return await deleteWebhook(this);
				} catch (error) {
					// Deactivation goes on; the webhook is found and reused on the next activation.
					const reason = redactAll((error as Error).message, await triggerSecrets(this));
					this.logger.warn(`CometChat Trigger: could not delete its webhook at CometChat: ${reason}`);
					return false;
				}
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();
		const response = this.getResponseObject();

		const { pair, problem } = webhookAuthPair(await this.getCredentials(WEBHOOK_AUTH_CREDENTIAL));
		// A credential CometChat could not use either: fail loudly (an error execution) rather than
		// answer 401 forever without anyone noticing.
		if (!pair) throw new NodeOperationError(this.getNode(), String(problem));
		if (!basicAuthMatches(request.headers.authorization, pair)) {
			response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="CometChat Trigger"', 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ message: 'Authorization is required' }));
			return { noWebhookResponse: true };
		}

		const envelopes = envelopesOf(this.getBodyData());
		if (!envelopes) {
			response.writeHead(400, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ message: 'The body is not a CometChat webhook event (a JSON object with "trigger" and "data")' }));
			return { noWebhookResponse: true };
		}

		const events = this.getNodeParameter('events', []) as string[];
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const wanted = envelopes.filter((envelope) => events.includes(ALL_EVENTS) || events.includes(envelope.trigger));
		let fresh = wanted;
		if (options.deduplicate !== false && wanted.length > 0) {
			const identities = wanted.map(eventIdentity);
			const admitted = admitNew(this.getWorkflowStaticData('node'), identities);
			fresh = wanted.filter((_, index) => admitted.has(identities[index]) && identities.indexOf(identities[index]) === index);
		}
		if (fresh.length === 0) {
			// Answered with 200 so CometChat does not retry what was meant to be skipped.
			return {
				webhookResponse: {
					message: wanted.length === 0 ? 'Event not selected in this trigger; ignored' : 'Event already received; ignored',
				},
			};
		}

		const items: INodeExecutionData[] = fresh.flatMap((envelope) =>
			itemsOf(envelope, options.splitMembers !== false).map((json) => ({ json })),
		);

		if (options.downloadAttachments === true && items.some((item) => item.json.message !== undefined)) {
			// CometChat waits 2 seconds for an answer; downloads can take longer, so answer first.
			response.writeHead(200, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ message: 'Workflow was started' }));
			await downloadAttachments.call(this, items);
			return { noWebhookResponse: true, workflowData: [redactItems(items, await triggerSecrets(this, pair))] };
		}
		// An event may repeat a secret (a message quoting the webhook password): none reaches the workflow.
		return { workflowData: [redactItems(items, await triggerSecrets(this, pair))] };
	}
}
