import { describeResource } from '../../../shared/operations';
import { recordOperations } from '../records';
import { bodyOf, requiredProperties, withoutToolSecrets } from '../shared';
import { CREATE_OPTIONAL, CREATE_REQUIRED, PASSWORD, UPDATE_FIELDS, USERNAME } from './fields';

// /ai-agents/agent-builder/api-tools[/{slug}]: POST CreateApiToolDto → 201 <API tool>; GET (cursor list);
// GET, PATCH UpdateApiToolDto (no name) → <API tool>; DELETE → {success, message}.
export const apiToolDescription = describeResource(
	'apiTool',
	recordOperations(
		{ resource: 'apiTool', path: 'api-tools', noun: 'API tool', article: 'an', label: 'API Tool', after: [withoutToolSecrets] },
		{
			create: 'Create an API tool: an HTTP call that Agent Builder agents can make, with the parameters the agent fills in',
			get: 'Get an API tool by its slug: its call, parameters and the function definition agents see',
			getAll: 'List the app\'s API tools',
			update: 'Change an API tool\'s call, description or parameters (its name cannot change)',
			delete: 'Delete an API tool; agents can no longer call it',
		},
		{
			required: CREATE_REQUIRED,
			optional: CREATE_OPTIONAL,
			update: UPDATE_FIELDS,
			// The Basic Auth pair is asked for, and sent, only when Basic Auth is on.
			extra: {
				properties: requiredProperties([USERNAME, PASSWORD]).map((property) => ({ ...property, displayOptions: { show: { enableBasicAuth: [true] } } })),
				read: (context) => (context.getNodeParameter('enableBasicAuth', false) === true ? bodyOf(context, [USERNAME, PASSWORD]) : {}),
			},
		},
	),
	'getAll',
);
