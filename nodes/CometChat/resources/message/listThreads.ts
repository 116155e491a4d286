import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { filtersCollection, onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitByCursor } from '../../../shared/pagination';
import { inputError, readBoolean, readId } from '../../../shared/validate';

// GET /threads?limit&uid|guid&participatedByMe  header onBehalfOf?  →  {data: [parent message with replyCount...],
//   meta: {current, next}}  →  one item per thread. Not in the spec: docs page rest-api/messages/list-threads; its
//   parameters are INFERRED from the SDKs' ThreadsRequestBuilder (uid or guid, participatedByMe, limit), and the
//   answer's shape and cursor are INFERRED to be those of the message lists.
export const listThreads = defineOperation(
	'message',
	{
		name: 'List Threads',
		value: 'listThreads',
		action: 'List message threads',
		description: 'List messages that have threads, in the app, a one-to-one conversation or a group',
		routing: {
			request: { method: 'GET', url: '/threads' },
			send: { preSend: [sendThreadFilters] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		...returnAllOrLimitByCursor('limit'),
		filtersCollection([
			{
				displayName: 'Group',
				name: 'guid',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-guid-1',
				description: 'Only threads in this group (GUID). Not together with User.',
			},
			{
				displayName: 'Participated By Me',
				name: 'participatedByMe',
				type: 'boolean',
				default: true,
				description: 'Whether to return only threads the On Behalf Of user started, replied in or follows',
			},
			{
				displayName: 'User',
				name: 'uid',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-uid-2',
				description: 'Only threads in the one-to-one conversation with this user (UID). Not together with Group.',
			},
		]),
		optionsCollection([onBehalfOfOption('UID of the user whose threads to list (needed for Participated By Me)')]),
	],
);

/** uid or guid (not both: the SDKs treat them as exclusive), and participatedByMe only with On Behalf Of. */
async function sendThreadFilters(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = (this.getNodeParameter('filters', {}) ?? {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.uid !== undefined && filters.guid !== undefined) throw inputError(this, 'Group', 'cannot be used together with User; list the threads of one conversation at a time');
	if (filters.uid !== undefined) qs.uid = readId(this, 'filters.uid', 'User');
	if (filters.guid !== undefined) qs.guid = readId(this, 'filters.guid', 'Group');
	if (filters.participatedByMe !== undefined) {
		const value = readBoolean(this, 'filters.participatedByMe', 'Participated By Me');
		const actor = ((this.getNodeParameter('options', {}) ?? {}) as IDataObject).onBehalfOf;
		if (value && (actor === undefined || actor === '')) {
			throw inputError(this, 'Participated By Me', 'needs On Behalf Of: the user whose threads count', 'Add the On Behalf Of option.');
		}
		qs.participatedByMe = value;
	}
	requestOptions.qs = { ...requestOptions.qs, ...qs };
	return requestOptions;
}
