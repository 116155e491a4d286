import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { searchBots, searchGroups, searchReceivers, searchUsers } from '../shared/chat/listSearch';
import { resourceProperties, resources } from './resources';
import { searchRoles } from './listSearch/searchRoles';
import { chatNodeDescription } from '../shared/node';
import { COMETCHAT_DESCRIPTION } from '../shared/chat/description';
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
		...chatNodeDescription({ resources, resourceProperties, default: 'user' }),
	};

	methods = {
		listSearch: { searchBots, searchGroups, searchReceivers, searchRoles, searchUsers },
	};

	// The description's routing, run over the shown properties only (why: nodes/shared/router.ts).
	execute = routedExecute(this.description);
}
