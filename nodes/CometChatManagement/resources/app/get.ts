import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readId, sameId } from '../../../shared/validate';
import { appField } from '../../../shared/management/fields';

// The management API has no GET /apps/{appId}: Get searches GET /apps?searchKey=<App ID> (the search
// matches App IDs and names) and keeps the app whose ID is exactly the one asked for.
//   GET /apps?searchKey&page=1&perPage=1000  →  {data: [<app>...]}  →  the one app
export const get = defineOperation(
	'app',
	{
		name: 'Get',
		value: 'get',
		action: 'Get an app',
		description: 'Get one app by its App ID (found through the app search, as the API has no single-app read)',
		routing: {
			request: {
				method: 'GET',
				url: '/apps',
				qs: { searchKey: '={{ String($parameter["appId"]).trim() }}', page: 1, perPage: 1000 },
			},
			output: { postReceive: [unwrapData, exactApp] },
		},
	},
	[appField('The app to get')],
);

/** postReceive: the app whose ID is the one asked for (CometChat IDs ignore case), else an error naming it. */
async function exactApp(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const appId = readId(this, 'appId', 'App');
	const found = items.find((item) => sameId((item.json as IDataObject).id, appId));
	if (!found) {
		throw inputError(
			this,
			'App',
			`no app with App ID "${appId}" among the apps these management keys see`,
			'Check the App ID (App → Get Many lists the apps); deleted apps are archived and no longer listed.',
		);
	}
	return [found];
}
