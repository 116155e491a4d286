import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { unwrapData } from '../../../shared/output';

// What Get and Set App-Wide Pins share: their answer. GET and PUT /conversations/pinned are documented
// (docs pages rest-api/conversations/list-global-pinned-conversations, replace-global-pinned-conversations)
// without an answer; INFERRED: the list in the PUT body's form, {data: {pinnedConversations: [{uid} | {guid}]}}.

/** At most 5 conversations pinned for every user [docs: ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED]. */
export const APP_PINS_MAX = 5;

/**
 * postReceive: one item `{pinnedConversations: [...]}` holding the whole list in order (a list of pins is
 * read and written as one, e.g. Get, change, Set). A bare list in `data` is taken as the list too.
 */
export async function pinnedList(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const data = (response.body as IDataObject | undefined)?.data;
	if (Array.isArray(data)) return [{ json: { pinnedConversations: data } }];
	return await unwrapData.call(this, items, response);
}
