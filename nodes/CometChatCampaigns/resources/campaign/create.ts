import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { campaignsLocator, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readId, readText } from '../../../shared/validate';
import { jsonEntry } from '../../fields';

// POST /campaigns  body {name, templateId, templateVersion, variables?, config?}
export const create = defineOperation(
	'campaign',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a campaign',
		description: 'Create a draft campaign that sends a version of a template to its recipients',
		routing: { request: { method: 'POST', url: '/campaigns' }, send: { preSend: [buildCampaign] }, output: { postReceive: [unwrapData] } },
	},
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Summer sale', description: 'Name of the campaign' },
		campaignsLocator('template', 'templateId', 'Template', 'The template the campaign sends'),
		{
			displayName: 'Template Version',
			name: 'templateVersion',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			required: true,
			default: 1,
			description: 'The version of the template to send (1 or more)',
		},
		optionsCollection([
			jsonEntry('options', 'Config (JSON)', 'config', 'Further campaign configuration, a JSON object'),
			jsonEntry('options', 'Variables (JSON)', 'variables', 'Default template variables for every recipient, e.g. {"promoCode": "SUMMER25"}; per-user values win over them'),
		]),
	],
);

async function buildCampaign(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const version = this.getNodeParameter('templateVersion', 1) as unknown;
	if (!(typeof version === 'number' || (typeof version === 'string' && /^\s*\d+\s*$/.test(version))) || !(Number(version) >= 1) || !Number.isInteger(Number(version))) {
		throw inputError(this, 'Template Version', `must be a whole number of at least 1, not ${JSON.stringify(version)}`);
	}
	const body: IDataObject = {
		name: readText(this, 'name', 'Name', { required: true }),
		templateId: readId(this, 'templateId', 'Template'),
		templateVersion: Number(version),
	};
	requestOptions.body = { ...body, ...(requestOptions.body as IDataObject) };
	return requestOptions;
}
