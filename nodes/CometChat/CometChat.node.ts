import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { searchBots, searchGroups, searchReceivers, searchUsers } from '../shared/chat/listSearch';
import { resourceProperties, resources } from './resources';
import { searchRoles } from './listSearch/searchRoles';
import { throwOnApiError } from '../shared/errors/conversion';
import { cometChatNodeBase, resourceRouting } from '../shared/node';
import { retrySettings } from '../shared/retry';
import { CHAT_CREDENTIAL } from '../shared/chat/baseUrl';
import { COMETCHAT_DESCRIPTION } from '../shared/chat/description';
import { chatSecrets, checkCredential } from '../shared/chat/transport';
import { routedExecute } from '../shared/router';

export class CometChat implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat',
		name: 'cometChat',
		icon: { light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		usableAsTool: true,
		description: COMETCHAT_DESCRIPTION,
		defaults: { name: 'CometChat' },
		// No base address here: checkCredential (the Resource field's pre-send) sets it; see nodes/shared/chat/transport.ts.
		...cometChatNodeBase(CHAT_CREDENTIAL, chatSecrets, [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resources.map(({ name, value }) => ({ name, value })),
				default: 'user',
				routing: resourceRouting(checkCredential, throwOnApiError),
			},
			...resourceProperties,
			retrySettings,
		]),
	};

	methods = {
		listSearch: { searchBots, searchGroups, searchReceivers, searchRoles, searchUsers },
	};

	// The description's routing, run over the shown properties only (why: nodes/shared/router.ts).
	execute = routedExecute(this.description);
}
