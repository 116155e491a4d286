import type { DeclarativeRestApiSettings, IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';
import { answerOf, cometChatTime, noteCreate, otherCreator, readAnswer, surelySince, type ReadAnswer } from '../../../shared/earlierTries';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { REGION_OPTIONS, sendText, textField } from '../../../shared/management/fields';
import { MANAGEMENT_CREDENTIAL, throwOnManagementError } from '../../../shared/management/transport';
import { checkedRequest, type LostAnswerVerdict } from '../../../shared/retry';

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
			// An app whose create got no answer is looked up by name when n8n's Retry On Fail runs the node again.
			operations: { pagination: checkedRequest(earlierApp, (context, requestData) => noteCreate(context, appOf(requestData))) },
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

/** Pages of GET /apps a check reads at most (1000 apps each, the most the spec allows). */
const MAX_PAGES = 10;

/**
 * Whether the create of an earlier try, whose answer was lost, made the app: the account's apps with
 * this name and region (GET /apps?searchKey, every page) that CometChat created since that try began by
 * its own clock. None: the app was not made, it is created. One: that is the app, returned as the create
 * answers it (the list shows the same app, with the key as `accessKey` besides [MGMT]). More: it cannot
 * tell. An app of that name made before the try is someone else's and does not count.
 */
async function earlierApp(
	this: void,
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	since: number,
): Promise<LostAnswerVerdict<INodeExecutionData[]>> {
	const { name, region } = (requestData.options.body ?? {}) as IDataObject;
	const apps: IDataObject[] = [];
	let last: ReadAnswer | undefined;
	for (let page = 1; page <= MAX_PAGES; page++) {
		try {
			last = await readAnswer(context, MANAGEMENT_CREDENTIAL, throwOnManagementError, {
				baseURL: requestData.options.baseURL,
				allowedDomains: requestData.options.allowedDomains, // the credential's restriction (router.ts), on the look-ups too
				url: '/apps',
				qs: { searchKey: name, perPage: 1000, page },
				headers: { Accept: 'application/json' },
			});
		} catch (error) {
			return { unknown: `reading /apps failed (${(error as Error).message})` };
		}
		const data = Array.isArray(last.data) ? (last.data as IDataObject[]) : [];
		apps.push(...data);
		const pagination = (last.meta?.pagination ?? {}) as IDataObject;
		if (data.length === 0 || page >= Number(pagination.total_pages ?? 1)) break;
		if (page === MAX_PAGES) return { unknown: `/apps lists more than ${MAX_PAGES * 1000} apps matching ${JSON.stringify(name)}` };
	}
	const tryStart = last && cometChatTime(last, since);
	if (tryStart === undefined) return { unknown: "CometChat's answer had no Date header to tell when the try began by its clock" };
	const made = apps.filter((app) => app.name === name && app.region === region && Number(app.createdAt) >= tryStart);
	if (made.length === 0) return { absent: true };
	if (!made.every((record) => surelySince(Number(record.createdAt), tryStart))) {
		return { unknown: `an app named ${JSON.stringify(name)} was created about when the try began, so it may be another's made just before` };
	}
	if (made.length > 1) return { unknown: `${made.length} apps named ${JSON.stringify(name)} were created since the try` };
	const other = otherCreator(context, appOf(requestData));
	if (other !== undefined) return { unknown: `item ${other} of this run asked for an app named ${JSON.stringify(name)} in ${String(region)} too, so the one found may be its` };
	const app = { ...made[0] };
	delete app.accessKey;
	return { found: await answerOf(context, requestData, app) };
}

/** What an item's create asks for, for noteCreate: an app of this name in this region. */
function appOf(requestData: DeclarativeRestApiSettings.ResultOptions): string {
	const { name, region } = (requestData.options.body ?? {}) as IDataObject;
	return `app\u0000${String(name)}\u0000${String(region)}`;
}
