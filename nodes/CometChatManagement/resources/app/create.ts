import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { REGION_OPTIONS, sendText, textField } from '../../../shared/management/fields';

// POST /apps  body {name, region, version?, skipSampleData?}  →  {data: <app with apiKeys>}
// The answer holds the new app's REST API key and Auth Key (apiKeys): what a workflow needs next.
export const create = defineOperation(
	'app',
	{
		name: 'Create',
		value: 'create',
		action: 'Create an app',
		description: 'Create a CometChat app; the output holds its App ID and its REST API and Auth keys (keep them secret)',
		routing: {
			request: { method: 'POST', url: '/apps' },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		// No length limit is documented for app names; 100 as for other CometChat names (INFERRED).
		textField('name', 'Name', 'Name of the new app, at most 100 characters', { placeholder: 'e.g. Acme Support', max: 100 }),
		{
			displayName: 'Region',
			name: 'region',
			type: 'options',
			options: REGION_OPTIONS,
			default: 'us',
			description: 'Where CometChat hosts the app and its data; choose the one closest to its users',
			routing: { send: { type: 'body', property: 'region' } },
		},
		optionsCollection([
			{
				displayName: 'Skip Sample Data',
				name: 'skipSampleData',
				type: 'boolean',
				default: true,
				description: 'Whether to create the app without CometChat\'s sample users and groups',
				routing: { send: { type: 'body', property: 'skipSampleData' } },
			},
			{
				displayName: 'Version',
				name: 'version',
				type: 'string',
				default: '3',
				placeholder: 'e.g. 3',
				description: 'Version of the CometChat API the app uses (CometChat\'s default is 3)',
				routing: { send: { preSend: [sendText('options.version', 'Version', 'version')] } },
			},
		]),
	],
);
