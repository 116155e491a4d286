import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readIdList } from '../../../shared/validate';
import { jsonEntry } from '../../fields';
import { campaignField, campaignUrl } from './fields';

// POST /campaigns/{id}/recipients  body {userIds: [1..10000], userVariables?}
export const addRecipients = defineOperation(
	'campaign',
	{
		name: 'Add Recipients',
		value: 'addRecipients',
		action: 'Add recipients to a campaign',
		description: 'Add users by UID to a draft campaign, optionally with template variables per user',
		routing: { request: { method: 'POST', url: campaignUrl('/recipients') }, send: { preSend: [sendUserIds] }, output: { postReceive: [unwrapData] } },
	},
	[
		campaignField,
		{ displayName: 'User IDs', name: 'userIds', type: 'string', required: true, default: '', placeholder: 'e.g. cometchat-uid-1, cometchat-uid-2', description: 'UIDs of the users to add: a comma-separated list, or an array from an expression (at most 10,000)' },
		optionsCollection([jsonEntry('options', 'User Variables (JSON)', 'userVariables', 'Template variables per user, keyed by UID, e.g. {"cometchat-uid-1": {"name": "Ajay"}}')]),
	],
);

async function sendUserIds(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const userIds = readIdList(this, 'userIds', 'User IDs');
	if (userIds.length > 10000) throw inputError(this, 'User IDs', `has ${userIds.length} UIDs; CometChat takes at most 10,000 at a time`);
	requestOptions.body = { userIds, ...(requestOptions.body as IDataObject) };
	return requestOptions;
}
