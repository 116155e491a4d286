import { defineOperation } from '../../../shared/operations';
import { deletedKeeping } from '../../../shared/output';
import { appField, appPath } from '../../../shared/management/fields';

// DELETE /apps/{appId}  →  {data: {success: true, scheduledToDeleteAt}}  →  {deleted: true, scheduledToDeleteAt}
// CometChat archives the app and deletes it after 30 days (reference §10); paid apps are refused
// (ERR_APP_DELETION).
export const deleteApp = defineOperation(
	'app',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete an app',
		description: 'Schedule an app for deletion: CometChat archives it at once and deletes it after 30 days',
		routing: {
			request: { method: 'DELETE', url: `=${appPath}` },
			output: { postReceive: [deletedKeeping(['scheduledToDeleteAt'])] },
		},
	},
	[appField('The app to delete')],
);
