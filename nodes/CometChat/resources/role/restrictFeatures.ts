import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId, roleLocator } from '../../../shared/fields';
import { perKeyResults } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { readFeatureKeys } from './fields';

const readFeatures = (context: IExecuteSingleFunctions) => readFeatureKeys(context, 'features', 'Features');

// POST /roles/{role}/restrictedfeatures  body {featuresToRestrict: [...]}
//   →  {data: {<feature>: {success, message}}}  →  one item per feature: {feature, success, message}
export const restrictFeatures = defineOperation(
	'role',
	{
		name: 'Restrict Features',
		value: 'restrictFeatures',
		action: 'Restrict features for a role',
		description: 'Stop users with a role from using some features (deprecated by CometChat in favour of permissions)',
		routing: {
			request: { method: 'POST', url: `=/roles/${pathId('role')}/restrictedfeatures` },
			output: { postReceive: [perKeyResults('feature', readFeatures)] },
		},
	},
	[
		roleLocator('role', 'Role', 'The role'),
		{
			displayName: 'Features',
			name: 'features',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. u.listUsers, u.deleteGroup',
			description:
				'Keys of the features to restrict: a comma-separated list, or an array from an expression. Each gets its own output item with its result.',
			routing: {
				send: {
					preSend: [
						async function setFeatures(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
							requestOptions.body = { featuresToRestrict: readFeatures(this) };
							return requestOptions;
						},
					],
				},
			},
		},
	],
);
