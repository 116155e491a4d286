import { onCallsHost } from '../../../shared/chat/transport';
import { onBehalfOfOption, optionsCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { sessionIdField } from './fields';

// GET /calls/{sessionId}  (calls host)  header onBehalfOf?
//   →  {data: {sessionId, ..., metaData, tags, participants[...], transcriptions? (the 5 most recent)}}  →  the call
export const get = defineOperation(
	'call',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a call',
		description: 'Get a call by its session ID, with its participants and latest transcriptions',
		routing: {
			send: { preSend: [onCallsHost] },
			request: { method: 'GET', url: `=/calls/${pathId('sessionId')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		sessionIdField,
		optionsCollection([onBehalfOfOption('UID of a user to act as: CometChat then only shows a call that user took part in')]),
	],
);
