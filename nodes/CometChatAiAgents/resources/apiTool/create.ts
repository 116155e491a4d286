import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENT_BUILDER, bodyOf, requiredProperties, theRecord, withoutToolSecrets } from '../shared';
import { CREATE_OPTIONAL, CREATE_REQUIRED, PASSWORD, USERNAME } from './fields';

// POST /ai-agents/agent-builder/api-tools  body CreateApiToolDto  →  201 <API tool> (not wrapped in data)
export const create = defineOperation(
	'apiTool',
	{
		name: 'Create',
		value: 'create',
		action: 'Create an API tool',
		description: 'Create an API tool: an HTTP call that Agent Builder agents can make, with the parameters the agent fills in',
		routing: {
			request: { method: 'POST', url: `${AGENT_BUILDER}/api-tools` },
			send: { preSend: [buildApiTool] },
			output: { postReceive: [theRecord, withoutToolSecrets] },
		},
	},
	[
		...requiredProperties(CREATE_REQUIRED),
		...requiredProperties([USERNAME, PASSWORD]).map((property) => ({ ...property, displayOptions: { show: { enableBasicAuth: [true] } } })),
		optionsCollection(CREATE_OPTIONAL.map(({ property }) => property)),
	],
);

/** Every field checked and placed before the request; the Basic Auth pair only when Basic Auth is on. */
async function buildApiTool(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = bodyOf(this, CREATE_REQUIRED);
	if (body.enableBasicAuth === true) Object.assign(body, bodyOf(this, [USERNAME, PASSWORD]));
	requestOptions.body = { ...(requestOptions.body as object), ...body, ...bodyOf(this, CREATE_OPTIONAL, 'options') };
	return requestOptions;
}
