import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, PreSendAction } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { readMessageNumber } from '../../../shared/messageId';

/** The Options collection of Mark as Delivered / Read: an optional Message ID. */
export function messageIdOption(description: string): INodeProperties {
	return optionsCollection([
		{
			displayName: 'Message ID',
			name: 'messageId',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 0,
			placeholder: 'e.g. 1059',
			description,
		},
	]);
}

/** preSend: body `messageId` (an integer) from `parameter`; an optional one (inside `options`) only when added. */
export function sendMessageId(parameter: string): PreSendAction {
	return async function setMessageId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (parameter.startsWith('options.')) {
			const options = (this.getNodeParameter('options', {}) ?? {}) as Record<string, unknown>;
			if (options.messageId === undefined) return requestOptions;
		}
		requestOptions.body = { ...(requestOptions.body as object), messageId: readMessageNumber(this, parameter) };
		return requestOptions;
	};
}
