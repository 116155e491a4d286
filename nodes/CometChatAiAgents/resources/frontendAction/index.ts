import { describeResource } from '../../../shared/operations';
import { inputError } from '../../../shared/validate';
import { recordOperations } from '../records';
import { type BodyField, parametersProperty, text, toolParameters, webUrl } from '../shared';

// /ai-agents/agent-builder/frontend-actions[/{id}]: POST CreateFrontendActionDto {name, description,
// triggerFunction, parameters?, icon?} → 201 <action>; GET (cursor list); GET, PATCH UpdateFrontendActionDto
// (no triggerFunction) → <action>; DELETE → {success, message}. The ID is the answer's `_id` (e.g. myapp_onUserClick).
const field = (name: string, displayName: string, description: string, placeholder: string): BodyField['property'] => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
});
// The client runs a function of this name: a JavaScript-style name of letters, digits and "_" (INFERRED: the
// spec gives no format; the action's ID is built from it, and IDs follow the alpha-dash rule).
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const TRIGGER: BodyField = {
	property: field('triggerFunction', 'Trigger Function', 'Name of the function your app runs when an agent calls the action (unique in the app)', 'e.g. onUserClick'),
	read: (context, path, name) => {
		const value = text()(context, path, name) as string;
		if (!FUNCTION_NAME.test(value)) throw inputError(context, name, `"${value.slice(0, 60)}" cannot be the name of a function`, 'Use letters, digits and "_", not starting with a digit.');
		return value;
	},
};
const NAME: BodyField = { property: field('name', 'Name', 'Name of the frontend action', 'e.g. Open Cart'), read: text() };
const DESCRIPTION: BodyField = {
	property: field('description', 'Description', 'What the action does in your app and when an agent should call it', 'e.g. Opens the cart; use when the user asks to check out'),
	read: text(),
};
const OPTIONAL: BodyField[] = [
	{ property: field('icon', 'Icon', 'URL of the action\'s icon', 'e.g. https://example.com/icon.png'), read: webUrl },
	{ property: parametersProperty('action'), read: toolParameters },
];

export const frontendActionDescription = describeResource(
	'frontendAction',
	recordOperations(
		{ resource: 'frontendAction', path: 'frontend-actions', noun: 'frontend action', article: 'a', label: 'Frontend Action' },
		{
			create: 'Create a frontend action: a function of your app (in the user\'s browser or device) that Agent Builder agents can call',
			get: 'Get a frontend action by its ID',
			getAll: 'List the app\'s frontend actions',
			update: 'Change a frontend action\'s name, description, parameters or icon (its trigger function cannot change)',
			delete: 'Delete a frontend action; agents can no longer call it',
		},
		{ required: [NAME, DESCRIPTION, TRIGGER], optional: OPTIONAL, update: [NAME, DESCRIPTION, ...OPTIONAL] },
	),
	'getAll',
);
