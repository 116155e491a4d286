import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId, roleLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readFeatureKeys } from './fields';

// DELETE /roles/{role}/restrictedfeatures  body {featuresToAllow: [...]} or {allowAll: true}
//   →  {data: {success, message}}
export const allowFeatures = defineOperation(
	'role',
	{
		name: 'Allow Features',
		value: 'allowFeatures',
		action: 'Allow restricted features for a role',
		description: 'Lift feature restrictions of a role, some or all of them',
		routing: {
			request: { method: 'DELETE', url: `=/roles/${pathId('role')}/restrictedfeatures` },
			send: { preSend: [buildAllowBody] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		roleLocator('role', 'Role', 'The role'),
		{
			displayName: 'Allow All',
			name: 'allowAll',
			type: 'boolean',
			default: false,
			description: 'Whether to lift every restriction of the role',
		},
		{
			displayName: 'Features',
			name: 'features',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. u.listUsers, u.deleteGroup',
			description: 'Keys of the features to allow again: a comma-separated list, or an array from an expression',
			displayOptions: { show: { allowAll: [false] } },
		},
	],
);

/** Either `allowAll: true` or the checked feature list, never both. */
async function buildAllowBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const allowAll = this.getNodeParameter('allowAll', false) === true;
	requestOptions.body = allowAll ? { allowAll: true } : { featuresToAllow: readFeatureKeys(this, 'features', 'Features') };
	return requestOptions;
}
