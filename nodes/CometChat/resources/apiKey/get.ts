import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { apiKeyField } from './fields';

// GET /apikeys/{apiKey}  →  {data: {apiKey, name, scope, createdAt}}
export const get = defineOperation(
	'apiKey',
	{
		name: 'Get',
		value: 'get',
		action: 'Get an API key',
		description: 'Get the name and scope of an API key',
		routing: {
			request: { method: 'GET', url: `=/apikeys/${pathId('apiKey')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[apiKeyField],
);
