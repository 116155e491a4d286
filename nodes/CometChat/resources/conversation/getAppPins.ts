import { defineOperation } from '../../../shared/operations';
import { pinnedList } from './fields';

// GET /conversations/pinned  no onBehalfOf  →  {data: {pinnedConversations: [{uid} | {guid}]}} (INFERRED; see
//   pinned.ts)  →  one item with the list, in CometChat's order (the order users see).
export const getAppPins = defineOperation(
	'conversation',
	{
		name: 'Get App-Wide Pins',
		value: 'getAppPins',
		action: 'Get the app-wide pinned conversations',
		description: 'Get the conversations the app pins to the top for every user',
		routing: {
			request: { method: 'GET', url: '/conversations/pinned' },
			output: { postReceive: [pinnedList] },
		},
	},
	[],
);
