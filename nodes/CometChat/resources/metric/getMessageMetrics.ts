import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// GET /stats/messages  →  {data: {startTime, endTime, dataPoints: [{messagesSent, readReceipts, deliveryReceipts,
//   startTime, endTime}], appId}}  →  that object as one item (times are strings of Unix milliseconds, as CometChat
//   sends them). The spec's schema puts dataPoints at the top level, its example under data: followed the example,
//   which matches every other answer's {data} envelope.
export const getMessageMetrics = defineOperation('metric', {
	name: 'Get Message Metrics',
	value: 'getMessageMetrics',
	action: 'Get message metrics',
	description: 'Get the messages sent and the read and delivery receipts of the app, in five-minute intervals',
	routing: {
		request: { method: 'GET', url: '/stats/messages' },
		output: { postReceive: [unwrapData] },
	},
});
