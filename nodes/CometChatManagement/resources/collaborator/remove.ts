import { inBatches } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { appField, appPath } from '../../../shared/management/fields';
import { emailsField } from './fields';

// POST /apps/{appId}/collaborators  body {collaboratorsToRemove: [...]}
//   →  {data: {collaboratorsToRemove: {<email>: {success, message?}}, ...}}  →  one item per e-mail
// The spec's example answers an add only; the per-e-mail answer under collaboratorsToRemove, the same
// shape as admins, is INFERRED. An e-mail the answer leaves out is reported as not confirmed.
export const remove = defineOperation(
	'collaborator',
	{
		name: 'Remove',
		value: 'remove',
		action: 'Remove collaborators from an app',
		description: 'Remove people from the app\'s team; one output item per e-mail',
		routing: {
			request: { method: 'POST', url: `=${appPath}/collaborators` },
			send: { paginate: true },
			operations: { pagination: inBatches({ lists: ['collaboratorsToRemove'], nested: true, field: 'email' }) },
		},
	},
	[
		appField('The app whose team to remove from'),
		emailsField('E-mail addresses of the collaborators to remove: a comma-separated list, or an array from an expression', () => 'collaboratorsToRemove'),
	],
);
