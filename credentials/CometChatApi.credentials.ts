import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { BASE_URL_EXPRESSION, REGION_OPTIONS } from '../nodes/shared/chat/baseUrl';
import { credentialTestFallbacks } from '../nodes/shared/errors/redaction';

export class CometChatApi implements ICredentialType {
	name = 'cometChatApi';

	displayName = 'CometChat API';

	icon: Icon = { light: 'file:../icons/cometchat.svg', dark: 'file:../icons/cometchat.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-cometchat/n8n-nodes-cometchat#cometchat-api';

	properties: INodeProperties[] = [
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 2619372a0d1f1e8e',
			description: 'Your CometChat app ID, from the dashboard: Application → API & Auth Keys',
		},
		{
			displayName: 'Region',
			name: 'region',
			type: 'options',
			options: REGION_OPTIONS,
			default: 'us',
			description: 'The region your app was created in, shown next to the app ID in the dashboard',
		},
		{
			displayName: 'REST API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'A REST API key with fullAccess scope (dashboard: API & Auth Keys → REST API Keys). An Auth Key (authOnly scope) can only create users and auth tokens. Keep this key server-side: never put it in a client app.',
		},
		{
			displayName: 'Base URL Override',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://chat-proxy.example.com/v3',
			description:
				'Advanced. Leave empty to use https://{appId}.api-{region}.cometchat.io/v3 (and the calls host https://{appId}.call-{region}.cometchat.io/v3). Set it for a private deployment, a proxy or the local emulator; it then serves both. It must start with https://; http:// is accepted only for localhost, 127.x.x.x and [::1].',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				apikey: '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/users',
			qs: { perPage: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'CometChat did not receive a REST API key. Paste the key from API & Auth Keys into the credential.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'This key cannot list users: it is probably an Auth Key (authOnly scope). Use a REST API key with fullAccess scope.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'CometChat does not know this REST API key for this app. Check that the App ID, Region and REST API Key all come from the same app in the dashboard.',
				},
			},
			// Any other status would show its reason phrase: fixed texts instead (nodes/shared/errors/redaction.ts).
			...credentialTestFallbacks('CometChat'),
		],
	};
}
