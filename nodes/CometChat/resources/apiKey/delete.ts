import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { apiKeyField } from './fields';

// DELETE /apikeys/{apiKey}  →  {data: {success: true, message}}  →  {deleted: true, message}
// CometChat refuses a key deleting itself (ERR_APIKEY_NO_SELF_ACTION).
export const deleteApiKey = defineOperation(
	'apiKey',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete an API key',
		description: 'Delete an API key, so it no longer works (not the key the credential uses)',
		routing: {
			request: { method: 'DELETE', url: `=/apikeys/${pathId('apiKey')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[apiKeyField],
);
