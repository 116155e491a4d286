import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { inputError, readChoices } from '../../../shared/validate';
import { EVENTS } from '../../../shared/webhooks/events';
import { compareNames } from '../../../shared/sort';

// The same catalogue of trigger IDs as the CometChat Trigger's Events (one list, nodes/shared/webhooks/events.ts).
const TRIGGER_OPTIONS: INodePropertyOptions[] = [...EVENTS]
	.sort((a, b) => compareNames(a.name, b.name))
	.map((event) => ({ name: event.name, value: event.id, description: `${event.description} (${event.id})` }));

/** The trigger IDs to add or remove, sent as the body array `triggerIds`. */
export function triggerIdsField(description: string): INodeProperties {
	return {
		displayName: 'Triggers',
		name: 'triggerIds',
		type: 'multiOptions',
		options: TRIGGER_OPTIONS,
		required: true,
		default: [],
		description,
		routing: {
			send: {
				preSend: [
					async function setTriggerIds(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
						const ids = readChoices(this, 'triggerIds', 'Triggers', TRIGGER_OPTIONS);
						if (ids.length === 0) throw inputError(this, 'Triggers', 'is empty; choose at least one trigger');
						requestOptions.body = { ...(requestOptions.body as IDataObject), triggerIds: ids };
						return requestOptions;
					},
				],
			},
		},
	};
}
