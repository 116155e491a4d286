import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { appField, appPath } from '../../../shared/management/fields';

// POST /apps/{appId}/usage  body {usePreviousBillingCycle}  →  {data: {success, message}}
// CometChat prepares the report and e-mails it to the account; the answer only says it was accepted.
export const requestUsage = defineOperation(
	'app',
	{
		name: 'Request Usage Report',
		value: 'requestUsage',
		action: 'Request the usage report of an app',
		description: 'Ask CometChat to e-mail the usage of a multi-tenant app (the parent app its subscription is linked to)',
		routing: {
			request: { method: 'POST', url: `=${appPath}/usage` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		appField('The parent app the subscription is linked to'),
		{
			displayName: 'Billing Cycle',
			name: 'billingCycle',
			type: 'options',
			options: [
				{ name: 'Current', value: 'current' },
				{ name: 'Previous', value: 'previous' },
			],
			default: 'current',
			description: 'Which billing cycle the report covers',
			routing: { send: { type: 'body', property: 'usePreviousBillingCycle', value: '={{ $parameter["billingCycle"] === "previous" }}' } },
		},
	],
);
