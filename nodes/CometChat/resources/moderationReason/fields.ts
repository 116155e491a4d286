import { idField } from '../../../shared/fields';

/** The reason a Get, Update or Delete acts on: path parameter `id`. */
export const reasonIdField = (description: string) =>
	idField('reasonId', 'Reason ID', 'e.g. spam', description);
