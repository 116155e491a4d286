import { pathId, roleLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// GET /roles/{role}/restrictedfeatures  →  {data: [{title, description, key, path, createdAt}], meta: {pagination}}
//   →  one item per restricted feature (the spec gives this list no page parameters)
export const getRestrictedFeatures = defineOperation(
	'role',
	{
		name: 'Get Restricted Features',
		value: 'getRestrictedFeatures',
		action: 'Get the restricted features of a role',
		description: 'List the features users with a role may not use',
		routing: {
			request: { method: 'GET', url: `=/roles/${pathId('role')}/restrictedfeatures` },
			output: { postReceive: [unwrapData] },
		},
	},
	[roleLocator('role', 'Role', 'The role')],
);
