import { onCallsHost } from '../../../shared/chat/transport';
import { onBehalfOfOption, optionsCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';
import { sessionIdField } from './fields';

// GET /calls/{sessionId}/transcriptions?page&perPage  (calls host)  header onBehalfOf?
//   →  {data: [{roomName, mid, tid, startTime, endTime, transcriptDate, transcriptUrl}], meta: {pagination}}
//   →  one item per transcription (perPage up to 1000, so the shared page walker applies)
export const getTranscriptions = defineOperation(
	'call',
	{
		name: 'Get Transcriptions',
		value: 'getTranscriptions',
		action: 'Get the transcriptions of a call',
		description: 'List the transcriptions of a call, each with the URL of its transcript. CometChat makes them after the call ends.',
		routing: {
			send: { preSend: [onCallsHost] },
			request: { method: 'GET', url: `=/calls/${pathId('sessionId')}/transcriptions` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		sessionIdField,
		...returnAllOrLimit,
		optionsCollection([onBehalfOfOption('UID of a user to act as: CometChat then only answers for a call that user took part in')]),
	],
);
