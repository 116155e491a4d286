import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { onCallsHost } from '../../../shared/chat/transport';
import { choiceFilter, filtersCollection, onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { inputError, readId } from '../../../shared/validate';
import { dateQuery } from '../../../shared/dates';

// GET /calls?type&mode&participantsCount&startedAt&endedAt&status&receiverType&hasRecording&hasTranscription&uid
//   (calls host)  header onBehalfOf?  →  {data: [call...], meta: {pagination}}  →  one item per call
// The spec gives this list no page/perPage (its example's pagination has no per_page), while reference §2.2
// counts calls among the page-based lists. Followed the spec: one request, Limit trims the output.
// startedAt/endedAt are "10 digit unix timestamp" [CALLS]: dates are sent in Unix **seconds**. How CometChat
// compares them is not documented (INFERRED: started at or after, ended at or before; the emulator does so).

/** preSend: a date filter, sent as Unix seconds. */
const dateFilter = (name: string, field: string) => dateQuery(`filters.${name}`, name, field);

async function sendParticipantsCount(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const raw = this.getNodeParameter('filters.participantsCount', 0) as unknown;
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
		throw inputError(this, 'Participants Count', `must be a whole number of 0 or more, not ${shown(raw)}`);
	}
	requestOptions.qs = { ...requestOptions.qs, participantsCount: value };
	return requestOptions;
}

function shown(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

async function sendParticipant(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.qs = { ...requestOptions.qs, uid: readId(this, 'filters.uid', 'Participant UID') };
	return requestOptions;
}

export const getAll = defineOperation(
	'call',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many calls',
		description: 'List the calls of the app, newest first, with filters',
		routing: {
			send: { preSend: [onCallsHost] },
			request: { method: 'GET', url: '/calls' },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		...returnAllOrLimitUnpaged,
		filtersCollection([
			{
				displayName: 'Ended At',
				name: 'endedAt',
				type: 'dateTime',
				default: '',
				description: 'Only calls that ended by this time (CometChat\'s endedAt filter, sent as a Unix timestamp in seconds)',
				routing: { send: { preSend: [dateFilter('endedAt', 'Ended At')] } },
			},
			{
				displayName: 'Has Recording',
				name: 'hasRecording',
				type: 'boolean',
				default: true,
				description: 'Whether to return only calls with a recording (on) or only calls without one (off)',
				routing: { send: { type: 'query', property: 'hasRecording' } },
			},
			{
				displayName: 'Has Transcription',
				name: 'hasTranscription',
				type: 'boolean',
				default: true,
				description: 'Whether to return only calls with a transcription (on) or only calls without one (off)',
				routing: { send: { type: 'query', property: 'hasTranscription' } },
			},
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				options: [
					{ name: 'Call', value: 'call', description: 'A one-to-one or group call' },
					{ name: 'Meet', value: 'meet', description: 'A meeting (conference) session' },
					{ name: 'Presenter', value: 'presenter', description: 'A presenter session' },
				],
				default: 'call',
				description: 'Only calls in this mode',
				routing: { send: { type: 'query', property: 'mode' } },
			},
			{
				displayName: 'Participant UID',
				name: 'uid',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-uid-1',
				description: 'Only calls this user took part in',
				routing: { send: { preSend: [sendParticipant] } },
			},
			{
				displayName: 'Participants Count',
				name: 'participantsCount',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 2,
				description: 'Only calls with exactly this many participants',
				routing: { send: { preSend: [sendParticipantsCount] } },
			},
			{
				displayName: 'Receiver Type',
				name: 'receiverType',
				type: 'options',
				options: [
					{ name: 'Group', value: 'group', description: 'Group calls' },
					{ name: 'User', value: 'user', description: 'One-to-one calls' },
				],
				default: 'user',
				description: 'Only one-to-one calls or only group calls',
				routing: { send: { type: 'query', property: 'receiverType' } },
			},
			{
				displayName: 'Started At',
				name: 'startedAt',
				type: 'dateTime',
				default: '',
				description: 'Only calls that started at or after this time (CometChat\'s startedAt filter, sent as a Unix timestamp in seconds)',
				routing: { send: { preSend: [dateFilter('startedAt', 'Started At')] } },
			},
			// The spec's enum; its description also names "unanswered", which the enum leaves out.
			choiceFilter(
				'status',
				'Status',
				[
					['Ended', 'ended'],
					['Ongoing', 'ongoing'],
					['Rejected', 'rejected'],
				],
				'Only calls with this status',
			),
			choiceFilter(
				'type',
				'Type',
				[
					['Audio', 'audio'],
					['Video', 'video'],
				],
				'Only audio calls or only video calls',
			),
		]),
		optionsCollection([onBehalfOfOption('UID of a user to act as: CometChat then lists only the calls that user took part in')]),
	],
);
