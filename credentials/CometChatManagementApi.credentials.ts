import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';
import { MANAGEMENT_URL_EXPRESSION } from '../nodes/shared/management/transport';
import { credentialTestFallbacks } from '../nodes/shared/errors/redaction';

/**
 * CometChat's management (multi-tenancy) API: the CometChat Management node (apps, webhooks,
 * settings, team, extensions, tenants) and the CometChat Trigger's webhook registration. Its key pair
 * comes from CometChat (plans with management API access) and is not an app's REST API key.
 */
export class CometChatManagementApi implements ICredentialType {
	name = 'cometChatManagementApi';

	displayName = 'CometChat Management API';

	icon: Icon = { light: 'file:../icons/cometchat.svg', dark: 'file:../icons/cometchat.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-cometchat/n8n-nodes-cometchat#cometchat-management-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Key',
			name: 'key',
			type: 'string',
			// Not masked: CometChat's spec calls it the "Authorization Key" beside the "Authorization Secret",
			// and every management call needs both, so the key names the pair (like an access key ID) and
			// the secret is what unlocks it (INFERRED: CometChat does not say the key alone grants
			// nothing; the emulator and every recorded call send both). n8n's lint plugin agrees
			// (credential-unnecessary-password). It is still redacted from errors and output like the
			// secret (nodes/shared/errors/redaction.ts): naming an account's key costs nothing to hide.
			required: true,
			default: '',
			description: 'The management API key from CometChat (sent in the "key" header). Not the REST API key of an app.',
		},
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The management API secret that belongs to the key (sent in the "secret" header)',
		},
		{
			displayName: 'Base URL Override',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://mgmt-proxy.example.com',
			description:
				'Advanced. Leave empty to use https://apimgmt.cometchat.io. It must start with https://; http:// is accepted only for localhost, 127.x.x.x and [::1].',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				key: '={{$credentials.key}}',
				secret: '={{$credentials.secret}}',
			},
		},
	};

	// Lists one app: the cheapest call that proves the pair works.
	test: ICredentialTestRequest = {
		request: {
			baseURL: MANAGEMENT_URL_EXPRESSION,
			url: '/apps',
			qs: { perPage: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'CometChat did not accept this key and secret. Use the management (multi-tenancy) key pair from CometChat, not an app\'s REST API key.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'This key pair may not use the management API: your CometChat plan must include multi-tenancy access.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'Nothing answers at this address: check the Base URL Override (leave it empty for https://apimgmt.cometchat.io).',
				},
			},
			// Any other status would show its reason phrase: fixed texts instead (nodes/shared/errors/redaction.ts).
			...credentialTestFallbacks('The CometChat Management API'),
		],
	};
}
