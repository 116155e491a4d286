import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { actAs, optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { readId, readText } from '../../../shared/validate';
import { messageIdField, readMessageId } from '../../../shared/messageId';
import { actionResult } from '../../../shared/output';

// POST /messages/{id}/flagged  header onBehalfOf (required)  body {reasonId, remark?}  →  {data: {...}}
//   →  {messageId, flaggedBy, reasonId, success, message?}. The flagged message waits in
//   Moderated Message → Get Many Flagged for a review.
export const flag = defineOperation(
	'message',
	{
		name: 'Flag',
		value: 'flag',
		action: 'Flag a message',
		description: 'Report a message for moderation on behalf of a user, with a reason',
		routing: {
			request: { method: 'POST', url: `=/messages/${pathId('messageId')}/flagged` },
			send: { preSend: [buildFlag] },
			output: {
				postReceive: [
					actionResult((context) => ({
						messageId: readMessageId(context, 'messageId', 'Message ID'),
						flaggedBy: readId(context, 'flaggedBy', 'Flagged By'),
						reasonId: readId(context, 'reasonId', 'Reason ID'),
					})),
				],
			},
		},
	},
	[
		messageIdField('ID of the message'),
		userLocator('flaggedBy', 'Flagged By', 'The user who reports the message (sent as the onBehalfOf header, which CometChat requires here)'),
		{
			displayName: 'Reason ID',
			name: 'reasonId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. spam',
			description: 'ID of a moderation reason (Moderation Reason → Get Many lists them)',
		},
		optionsCollection([
			{
				displayName: 'Remark',
				name: 'remark',
				type: 'string',
				default: '',
				placeholder: 'e.g. Keeps sending me links to a crypto giveaway',
				description: 'Why the message is flagged, in the user\'s words',
			},
		]),
	],
);

/** The reporter goes in the onBehalfOf header; reason and remark in the body. */
async function buildFlag(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: IDataObject = { reasonId: readId(this, 'reasonId', 'Reason ID') };
	const options = this.getNodeParameter('options', {}) as IDataObject;
	if (options.remark !== undefined) {
		const remark = readText(this, 'options.remark', 'Remark');
		if (remark !== '') body.remark = remark;
	}
	actAs(requestOptions, readId(this, 'flaggedBy', 'Flagged By'));
	requestOptions.body = body;
	return requestOptions;
}
