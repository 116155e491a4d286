/**
 * A test workflow (not an example): an AI Agent whose CometChat Tool "Ban from group" is gated by the
 * generated Human review tool of CometChat Send and Wait (`cometChatSendAndWaitHitlTool`, n8n 2.x only:
 * packages/cli/src/tool-generation/hitl-tools.ts). A report reaches the webhook; the agent (the scripted
 * model) calls the ban; n8n runs the HITL node first, which asks mod-olivia in the chat and waits; the
 * answer resumes the execution and, when approved, the ban runs and the agent reports it.
 */
import type { WorkflowFile } from './instance';

export const HUMAN_REVIEW_PATH = 'cometchat-agent-report';
const COMETCHAT = { cometChatApi: { id: 'cometchat-demo', name: 'CometChat demo' } };

export const HUMAN_REVIEW: WorkflowFile = {
	id: 'humanReviewAgent0001',
	name: 'AI Agent: a CometChat moderator reviews the ban (Human review tool)',
	nodes: [
		{
			id: '3c0a9e11-0017-4d6e-a000-000000000001',
			name: 'Report',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2.1,
			position: [0, 0],
			parameters: { httpMethod: 'POST', path: HUMAN_REVIEW_PATH, options: {} },
			webhookId: '3c0a9e11-0017-4d6e-a000-00000000a001',
		},
		{
			id: '3c0a9e11-0017-4d6e-a000-000000000002',
			name: 'AI Agent',
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3,
			position: [240, 0],
			parameters: {
				promptType: 'define',
				text: '={{ $json.body.text }}',
				options: { systemMessage: 'You moderate a CometChat community. Ban the reported user from the group; a moderator reviews each ban.' },
			},
		},
		{
			id: '3c0a9e11-0017-4d6e-a000-000000000003',
			name: 'OpenAI Chat Model',
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.2,
			position: [160, 240],
			parameters: { model: { __rl: true, mode: 'list', value: 'gpt-4o-mini' }, options: {} },
			credentials: { openAiApi: { id: 'openai-demo', name: 'OpenAI' } },
		},
		{
			id: '3c0a9e11-0017-4d6e-a000-000000000004',
			name: 'Moderator review',
			type: 'n8n-nodes-cometchat.cometChatSendAndWaitHitlTool',
			typeVersion: 1,
			position: [400, 240],
			parameters: {
				operation: 'sendAndWait',
				sendAs: 'app',
				receiverType: 'user',
				receiver: 'mod-olivia',
				approvalOptions: { values: { approvalType: 'double', approveLabel: 'Ban', disapproveLabel: 'Dismiss' } },
				options: {},
			},
			webhookId: '3c0a9e11-0017-4d6e-a000-00000000a004',
			credentials: COMETCHAT,
		},
		{
			id: '3c0a9e11-0017-4d6e-a000-000000000005',
			name: 'Ban from group',
			type: 'n8n-nodes-cometchat.cometChatTool',
			typeVersion: 1,
			position: [400, 480],
			parameters: {
				resource: 'bannedUser',
				operation: 'ban',
				guid: { __rl: true, mode: 'id', value: "={{ $fromAI('guid', 'GUID of the group to ban the user from', 'string') }}" },
				uid: { __rl: true, mode: 'id', value: "={{ $fromAI('uid', 'UID of the user to ban', 'string') }}" },
				options: { onBehalfOf: 'mod-olivia' },
			},
			credentials: COMETCHAT,
		},
	],
	connections: {
		Report: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
		'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
		'Moderator review': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		'Ban from group': { ai_tool: [[{ node: 'Moderator review', type: 'ai_tool', index: 0 }]] },
	},
	settings: { executionOrder: 'v1' },
};
