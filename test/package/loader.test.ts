import { PackageDirectoryLoader } from 'n8n-core';
import type { INodeType } from 'n8n-workflow';
import { ROOT } from '../harness';

// The same loader n8n uses for an installed community package, run on the built package.
describe('package loading', () => {
	it('loads the node and the credential from package.json the way n8n does', async () => {
		const loader = new PackageDirectoryLoader(ROOT);
		await loader.loadAll();
		expect(loader.packageName).toBe('n8n-nodes-cometchat');
		expect(Object.keys(loader.nodeTypes)).toEqual(['cometChat', 'cometChatAiAgents', 'cometChatCampaigns', 'cometChatManagement', 'cometChatSendAndWait', 'cometChatTrigger']);
		expect(Object.keys(loader.credentialTypes)).toEqual(['cometChatApi', 'cometChatManagementApi', 'cometChatWebhookAuthApi']);

		const description = loader.nodeTypes.cometChat.type.description as unknown as Record<string, unknown>;
		expect(description.codex).toMatchObject({ categories: ['Communication'] });
		expect(description.iconUrl).toEqual({
			light: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.svg',
			dark: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.dark.svg',
		});
		expect(description.usableAsTool).toBe(true);
		const names = (description.properties as Array<{ name: string }>).map((p) => p.name);
		expect(names[0]).toBe('resource');
		expect(names.at(-1)).toBe('requestOptions'); // the node's own (n8n adds Request Options only to nodes without execute())
	});

	it('loads the trigger as a webhook trigger with its codex, icons and credentials', async () => {
		const loader = new PackageDirectoryLoader(ROOT);
		await loader.loadAll();
		const description = loader.nodeTypes.cometChatTrigger.type.description as unknown as Record<string, unknown>;
		expect(description.codex).toMatchObject({ categories: ['Communication'] });
		expect(description.iconUrl).toEqual({
			light: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.svg',
			dark: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.dark.svg',
		});
		expect(description.group).toEqual(['trigger']);
		expect(description.usableAsTool).toBeUndefined();
		expect((description.webhooks as unknown[]).length).toBe(1);
		// A programmatic trigger: n8n adds no declarative request options to it.
		expect((description.properties as Array<{ name: string }>).map((p) => p.name)).toEqual([
			'registration',
			'manualNotice',
			'appId',
			'events',
			'botNotice',
			'botUid',
			'options',
		]);
		expect((loader.nodeTypes.cometChatTrigger.type as INodeType).webhookMethods?.default).toEqual({
			checkExists: expect.any(Function),
			create: expect.any(Function),
			delete: expect.any(Function),
		});
		for (const name of ['cometChatManagementApi', 'cometChatWebhookAuthApi']) {
			const credential = loader.credentialTypes[name].type as unknown as Record<string, unknown>;
			expect(credential.iconUrl).toEqual({
				light: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.svg',
				dark: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.dark.svg',
			});
		}
		expect(loader.known.credentials.cometChatWebhookAuthApi.supportedNodes).toEqual(['cometChatTrigger']);
		expect(loader.known.credentials.cometChatManagementApi.supportedNodes).toEqual(['cometChatManagement', 'cometChatTrigger']);
		// One credential per node at a time: the trigger takes the chat API credential only for Bot Conversations, Automatic.
		expect(loader.known.credentials.cometChatApi.supportedNodes).toEqual(['cometChat', 'cometChatAiAgents', 'cometChatCampaigns', 'cometChatSendAndWait', 'cometChatTrigger']);
	});

	it('loads CometChat Send and Wait as n8n\'s send-and-wait nodes look: a sendAndWait operation, resume webhooks, no declarative options', async () => {
		const loader = new PackageDirectoryLoader(ROOT);
		await loader.loadAll();
		const type = loader.nodeTypes.cometChatSendAndWait.type as INodeType;
		const description = type.description as unknown as Record<string, unknown>;
		expect(description.codex).toMatchObject({ categories: ['Communication', 'HITL'] });
		expect(description.usableAsTool).toBe(true);
		// n8n 2.x makes a Human review tool of a node with webhooks and an operation valued sendAndWait (hitl-tools.ts).
		// GET and POST at n8n's suffix (the node's ID) and at the answer suffix (see the node).
		expect((description.webhooks as Array<{ httpMethod: string; path: string }>).map((w) => `${w.httpMethod} ${w.path}`)).toEqual([
			'GET ={{ $nodeId }}',
			'POST ={{ $nodeId }}',
			'GET ={{ $nodeId }}-answer',
			'POST ={{ $nodeId }}-answer',
		]);
		expect((description.properties as Array<{ name: string }>).map((p) => p.name)).not.toContain('requestOptions');
		expect(typeof type.execute).toBe('function');
		expect(typeof type.webhook).toBe('function');
	});

	it('loads the CometChat Management node with its own credential only', async () => {
		const loader = new PackageDirectoryLoader(ROOT);
		await loader.loadAll();
		const description = loader.nodeTypes.cometChatManagement.type.description as unknown as Record<string, unknown>;
		expect(description.codex).toMatchObject({ categories: ['Communication', 'Development'] });
		expect(description.iconUrl).toEqual({
			light: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.svg',
			dark: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.dark.svg',
		});
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials).toEqual([{ name: 'cometChatManagementApi', required: true }]);
		const names = (description.properties as Array<{ name: string }>).map((p) => p.name);
		expect(names[0]).toBe('resource');
		expect(names.at(-1)).toBe('requestOptions');
		expect(loader.known.credentials.cometChatManagementApi.supportedNodes).toEqual(['cometChatManagement', 'cometChatTrigger']);
	});
});
