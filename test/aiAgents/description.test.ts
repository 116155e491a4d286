/**
 * The CometChat AI Agents node's description: what saved workflows depend on, n8n's UX rules for its
 * words, and what an AI agent is told each operation does when the node is one of its tools.
 */
import type { INode } from 'n8n-workflow';
// n8n's own making of a node into an agent's tool (what the AI Agent node calls for a *Tool node).
import { createNodeAsTool } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import { aiAgentsNodeType, campaignsNode, nodeType } from '../harness';
import { expectSavedParameters, expectUxRules, optionsOf } from '../helpers';
import { operationNames, textProblems, toolSentences } from '../shared/uxText';

const description = aiAgentsNodeType.description;
const properties = description.properties;

describe('CometChat AI Agents node description', () => {
	it('is its own node and AI tool on the chat credential, with a picker per record it names', () => {
		expect(description.name).toBe('cometChatAiAgents');
		expect(description.displayName).toBe('CometChat AI Agents');
		expect(description.defaults.name).toBe('CometChat AI Agents');
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials).toEqual([{ name: 'cometChatApi', required: true }]);
		expect(Object.keys(aiAgentsNodeType.methods?.listSearch ?? {}).sort()).toEqual([
			'searchAgents', 'searchApiTools', 'searchByoAgents', 'searchByoTools', 'searchFrontendActions', 'searchMcpServers', 'searchVariables',
		]);
	});

	it('keeps the resource/operation values and parameter names saved workflows depend on', () => {
		const contract: Record<string, Record<string, string[]>> = {
			agent: {
				addApiTools: ['uid', 'apiTools'],
				addFrontendActions: ['uid', 'frontendActions'],
				addKnowledge: ['uid', 'sourceType', 'uniqueIds'],
				addMcpServers: ['uid', 'mcpServers'],
				addToolActions: ['uid', 'tool', 'actions'],
				addTools: ['uid', 'tools'],
				create: ['name', 'options'],
				delete: ['uid'],
				get: ['uid'],
				getAll: ['returnAll', 'limit', 'filters'],
				getEnabledItems: ['uid', 'filters'],
				getModels: [],
				getToolActions: ['uid', 'tool'],
				removeApiTools: ['uid', 'apiTools'],
				removeFrontendActions: ['uid', 'frontendActions'],
				removeKnowledge: ['uid', 'sourceType', 'uniqueIds'],
				removeMcpServers: ['uid', 'mcpServers'],
				removeToolActions: ['uid', 'tool', 'actions'],
				removeTools: ['uid', 'tools'],
				searchTools: ['uid', 'key'],
				update: ['uid', 'updateFields'],
			},
			apiTool: {
				create: ['slug', 'name', 'description', 'endpoint', 'method', 'enableBasicAuth', 'basicAuthUsername', 'basicAuthPassword', 'options'],
				delete: ['apiTool'],
				get: ['apiTool'],
				getAll: ['returnAll', 'limit'],
				update: ['apiTool', 'updateFields'],
			},
			byoAgent: {
				create: ['name', 'icon', 'integrateWith', 'baseUrl', 'agentId', 'defaultUserId', 'headers', 'options'],
				delete: ['uid'],
				getAll: ['returnAll', 'limit'],
				update: ['uid', 'integrateWith', 'agentId', 'defaultUserId', 'headers', 'updateFields'],
			},
			byoTool: {
				create: ['name', 'displayName', 'executionText', 'doNotExecute', 'description', 'parameters'],
				delete: ['name'],
				get: ['name'],
				getAll: ['returnAll', 'limit', 'filters'],
				update: ['name', 'displayName', 'executionText', 'doNotExecute', 'description', 'parameters'],
			},
			frontendAction: {
				create: ['name', 'description', 'triggerFunction', 'options'],
				delete: ['frontendAction'],
				get: ['frontendAction'],
				getAll: ['returnAll', 'limit'],
				update: ['frontendAction', 'updateFields'],
			},
			knowledgeBase: {
				crawlWebsite: ['url', 'options'],
				createText: ['title', 'text'],
				deleteText: ['uniqueId'],
				deleteUpload: ['uploadId'],
				deleteWebsite: ['websiteId'],
				getDiscoveredUrls: ['websiteId', 'returnAll', 'limit', 'filters'],
				getManySources: ['returnAll', 'limit', 'filters'],
				getManyText: ['returnAll', 'limit'],
				getPages: ['sourceType', 'sourceId', 'returnAll', 'limit'],
				getText: ['uniqueId'],
				pollDiscoveredUrls: ['websiteId', 'urlIds'],
				pollStatus: ['uniqueIds'],
				processDiscoveredUrls: ['websiteId', 'urlIds'],
				scrapePage: ['url', 'options'],
				sync: ['sourceType', 'sourceId'],
				syncDiscoveredUrls: ['websiteId', 'urlIds'],
				updateText: ['uniqueId', 'updateFields'],
				uploadFile: ['binaryPropertyName'],
			},
			mcpServer: {
				create: ['name', 'slug', 'url', 'options'],
				delete: ['mcpServer'],
				get: ['mcpServer'],
				getAll: ['returnAll', 'limit'],
				update: ['mcpServer', 'updateFields'],
			},
			variable: {
				create: ['name', 'sourceType', 'options'],
				delete: ['variableId'],
				getAll: ['returnAll', 'limit'],
				getAllCustom: ['returnAll', 'limit'],
				update: ['variableId', 'updateFields'],
			},
		};
		expectSavedParameters(properties, contract);
		const defaults = Object.fromEntries(properties.filter((p) => p.name === 'operation').map((p) => [p.displayOptions?.show?.resource?.[0], p.default]));
		expect(defaults).toEqual({ agent: 'create', apiTool: 'getAll', byoAgent: 'create', byoTool: 'create', frontendAction: 'getAll', knowledgeBase: 'getManyText', mcpServer: 'getAll', variable: 'create' });
	});

	it("follows n8n's UX rules: sorted resources and actions, relative URLs, defaults, Whether-booleans", () => {
		const resource = properties.find((p) => p.name === 'resource')!;
		expect(optionsOf(resource).map((o) => o.name)).toEqual([...optionsOf(resource).map((o) => o.name)].sort((a, b) => a.localeCompare(b)));
		expectUxRules(properties);
	});

	it("words its resources, operations and fields as n8n's guidelines ask, and names only operations that exist", () => {
		expect(textProblems(aiAgentsNodeType, operationNames([nodeType, aiAgentsNodeType, campaignsNode.nodeType]))).toEqual([]);
	});

	it('tells an AI agent what each operation does, one distinct sentence per tool', () => {
		expect(description.description).toBe('Build and manage CometChat AI agents: Agent Builder agents, tools, knowledge base and bring-your-own agents');
		const sentences = toolSentences(description);
		expect(sentences).toHaveLength(68);
		for (const { action, sentence } of sentences) expect(sentence).toBe(`${action} in CometChat AI Agents`);
		expect(new Set(sentences.map((s) => s.sentence)).size).toBe(sentences.length);
		const said = Object.fromEntries(sentences.map((s) => [`${s.resource}.${s.operation}`, s.sentence]));
		expect(said).toMatchObject({
			'agent.create': 'Create an agent in CometChat AI Agents',
			'agent.getAll': 'Get many agents in CometChat AI Agents',
			'agent.getModels': 'Get the models agents can use in CometChat AI Agents',
			'agent.addKnowledge': 'Add knowledge to an agent in CometChat AI Agents',
			'knowledgeBase.createText': 'Create a text entry in CometChat AI Agents',
		});
	});

	it('says where the IDs an operation needs come from: a picker, or the operation that answers them', () => {
		const model = optionsOf(properties.find((p) => p.name === 'options' && p.displayOptions?.show?.resource?.includes('agent') && p.displayOptions.show.operation?.includes('create'))!)
			.find((o) => o.name === 'model') as unknown as { description: string };
		expect(model.description).toBe("The model the agent runs on (Agent → Get Models lists them); CometChat's default model when unset");
		const agent = properties.find((p) => p.name === 'uid' && p.displayOptions?.show?.resource?.includes('agent'))!;
		expect(agent.type).toBe('resourceLocator');
		expect(agent.modes?.map((m) => m.name)).toEqual(['list', 'id']);
	});

	it('as a tool made by n8n: the agent reads the operation and fills only the fields left to it', () => {
		const tool = (type: typeof aiAgentsNodeType, short: string, parameters: INode['parameters']) =>
			createNodeAsTool({ node: { id: 't', name: 'Tool', type: `n8n-nodes-cometchat.${short}Tool`, typeVersion: 1, position: [0, 0], parameters }, nodeType: type, handleToolInvocation: async () => '' }).response;
		const knowledge = tool(aiAgentsNodeType, 'cometChatAiAgents', {
			resource: 'agent',
			operation: 'addKnowledge',
			uid: { __rl: true, mode: 'id', value: "={{ $fromAI('agentUid', 'UID of the agent, as Agent → Get Many lists it', 'string') }}" },
			sourceType: 'text',
			uniqueIds: "={{ $fromAI('textEntryIds', 'IDs of the text entries, as Knowledge Base → Get Many Text Entries lists them', 'string') }}",
		});
		expect(knowledge.description).toBe('Add knowledge to an agent in CometChat AI Agents');
		expect(Object.keys(knowledge.schema.shape)).toEqual(['agentUid', 'textEntryIds']);
		const announce = tool(campaignsNode.nodeType, 'cometChatCampaigns', {
			resource: 'notification',
			operation: 'send',
			templateId: { __rl: true, mode: 'list', value: 'agent_launch' },
			receivers: "={{ $fromAI('uids', 'UIDs of the users to notify, comma-separated', 'string') }}",
		});
		expect(announce.description).toBe('Send a template notification in CometChat Campaigns');
		expect(Object.keys(announce.schema.shape)).toEqual(['uids']);
	});
});
