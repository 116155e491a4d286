import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { searchGroups, searchReceivers, searchUsers } from './listSearch';
import { resources } from './resources';
import { searchRoles } from './listSearch/searchRoles';
import { throwOnApiError } from './shared/errors';
import { retrySettings, singleRequest } from './shared/retry';
import { CREDENTIAL, checkCredential } from './shared/transport';

export class CometChat implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat',
		name: 'cometChat',
		icon: { light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage CometChat users, auth tokens, messages, blocks and bans with the REST API v3',
		defaults: { name: 'CometChat' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL, required: true }],
		// The base address is set by checkCredential (shared/transport.ts), the Resource field's pre-send.
		requestDefaults: {
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			// Error responses reach throwOnApiError, which reports CometChat's own code and message.
			ignoreHttpStatusErrors: true,
		},
		// Every operation runs as a "pagination" so that its request goes through the retry policy
		// (shared/retry.ts); lists and batches bring their own paginators, which retry per page/batch.
		requestOperations: { pagination: singleRequest },
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resources.map(({ name, value }) => ({ name, value })),
				default: 'user',
				// The Resource field is always shown and routed first, so its pre-send check and error
				// handler run for every operation, before the operation's own.
				routing: {
					send: { preSend: [checkCredential], paginate: true },
					output: { postReceive: [throwOnApiError] },
				},
			},
			...resources.flatMap((resource) => resource.properties),
			retrySettings,
		],
	};

	methods = {
		listSearch: { searchGroups, searchReceivers, searchRoles, searchUsers },
	};
}
