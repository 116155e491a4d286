import type { ICredentialType, Icon, INodeProperties } from 'n8n-workflow';

/**
 * The HTTP Basic Auth pair CometChat sends with every webhook delivery to a CometChat Trigger registered
 * by hand (in the dashboard); the trigger answers 401 to anything else. Automatic registration makes its
 * own pair and does not use this credential. CometChat signs nothing, so this pair is the only proof that a
 * request comes from CometChat. Checked by the trigger's credential test (CometChat's rules).
 */
export class CometChatWebhookAuthApi implements ICredentialType {
	name = 'cometChatWebhookAuthApi';

	displayName = 'CometChat Webhook Auth API';

	icon: Icon = { light: 'file:../icons/cometchat.svg', dark: 'file:../icons/cometchat.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-cometchat/n8n-nodes-cometchat/blob/main/docs/trigger.md#manual-registration-step-by-step';

	properties: INodeProperties[] = [
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. n8nwebhook',
			description: 'Up to 50 letters and digits (CometChat accepts no spaces or symbols here)',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'16 to 100 letters and digits (CometChat accepts no spaces or symbols here): it is the only lock on the trigger\'s URL. Use a long random one, for example 40 characters.',
		},
	];
}
