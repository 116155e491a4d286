import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, csvQuery, filtersCollection, optionsCollection, pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation, describeResource } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readJsonList, readJsonObject, readList, readTags, readText } from '../../../shared/validate';
import { cursorList, queryText, sortFields } from '../../fields';

const templateField = campaignsLocator('template', 'templateId', 'Template', 'The template');
const ID = `=/templates/${pathId('templateId')}`;
const CATEGORIES = ['Alerts', 'Custom', 'Marketing', 'Onboarding', 'Polls', 'Product_Showcase', 'Transactional'];
export const CHANNEL_TYPES = [
	{ name: 'Custom', value: 'custom' },
	{ name: 'Email', value: 'email' },
	{ name: 'In-App', value: 'in_app' },
	{ name: 'Push', value: 'push' },
	{ name: 'SMS', value: 'sms' },
	{ name: 'WhatsApp', value: 'whatsapp' },
];

/** The template's fields shared by Create's Options and Update's Update Fields (the spec's DTOs alike). */
function templateFields(): INodeProperties[] {
	return [
		{ displayName: 'Alternative Text', name: 'alternativeText', type: 'string', default: '', description: 'Plain text shown where rich content cannot be' },
		{ displayName: 'Category', name: 'templateCategory', type: 'options', options: CATEGORIES.map((name) => ({ name: name.replace('_', ' '), value: name })), default: 'Custom', description: 'The kind of notification the template is' },
		{ displayName: 'Config (JSON)', name: 'config', type: 'json', default: '{}', description: 'Further template configuration, a JSON object' },
		{ displayName: 'Label', name: 'label', type: 'string', default: '', placeholder: 'e.g. Promo', description: 'Label shown on the notification' },
		{ displayName: 'Status', name: 'status', type: 'options', options: ['Approved', 'Archived', 'Draft'].map((name) => ({ name, value: name.toLowerCase() })), default: 'draft', description: 'Only approved templates can be sent' },
		{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. promo, summer', description: 'Tags to filter templates by: a comma-separated list or an array' },
		{ displayName: 'Variables', name: 'variableSchema', type: 'string', default: '', placeholder: 'e.g. user_name, order_id', description: 'Names of the variables the content uses: a comma-separated list or an array' },
	];
}

/** The added template fields at `collection`, checked, as body fields. */
function readTemplate(context: IExecuteSingleFunctions, collection: string): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const body: IDataObject = {};
	for (const [key, field] of [['name', 'Name'], ['alternativeText', 'Alternative Text'], ['label', 'Label'], ['templateCategory', 'Category'], ['status', 'Status']]) {
		if (added[key] !== undefined) body[key] = readText(context, `${collection}.${key}`, field, { required: true });
	}
	if (added.config !== undefined) body.config = readJsonObject(context, `${collection}.config`, 'Config (JSON)');
	if (added.tags !== undefined) body.tags = readTags(context, `${collection}.tags`);
	if (added.variableSchema !== undefined) body.variableSchema = readList(context, `${collection}.variableSchema`, 'Variables');
	return body;
}

// POST /templates  body {name, channels[], templateId?, templateCategory?, label?, alternativeText?, tags?, status?, variableSchema?, config?}
const create = defineOperation(
	'template',
	{ name: 'Create', value: 'create', action: 'Create a template', description: 'Create a notification template with its content per channel', routing: { request: { method: 'POST', url: '/templates' }, send: { preSend: [buildCreate] }, output: { postReceive: [unwrapData] } } },
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Order update', description: 'Name of the template' },
		{
			displayName: 'Channels (JSON)',
			name: 'channels',
			type: 'json',
			required: true,
			default: '[{"channelType": "in_app", "content": {}}]',
			description: 'The template\'s content per channel: a JSON array of objects, each with channelType (in_app, push, sms, email, whatsapp or custom) and optionally channelId, content, dataType, sequenceOrder, stopCondition, waitMinutes',
		},
		optionsCollection([
			...templateFields(),
			{ displayName: 'Template ID', name: 'slug', type: 'string', default: '', placeholder: 'e.g. order_update', description: 'A readable ID for the template; CometChat makes one from the name when none is given' },
		]),
	],
);

async function buildCreate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const channels = readJsonList(this, 'channels', 'Channels (JSON)', { max: 100, required: true, example: '[{"channelType": "in_app", "content": {}}]' });
	channels.forEach((channel, index) => {
		if (typeof channel.channelType !== 'string' || channel.channelType === '') throw inputError(this, 'Channels (JSON)', `entry ${index + 1} has no channelType`);
	});
	const body: IDataObject = { name: readText(this, 'name', 'Name', { required: true }), channels, ...readTemplate(this, 'options') };
	if ((this.getNodeParameter('options', {}) as IDataObject).slug !== undefined) body.templateId = readText(this, 'options.slug', 'Template ID', { required: true });
	requestOptions.body = body;
	return requestOptions;
}

const simple = (value: string, name: string, action: string, description: string, method: 'GET' | 'POST' | 'DELETE', tail = '') =>
	defineOperation('template', { name, value, action, description, routing: { request: { method, url: `${ID}${tail}` }, output: { postReceive: [unwrapData] } } }, [templateField]);

// GET /templates/{id} · DELETE /templates/{id} (archives) · POST /templates/{id}/versions
const get = simple('get', 'Get', 'Get a template', 'Get a template with its content per channel', 'GET');
const archive = simple('archive', 'Archive', 'Archive a template', 'Archive a template so that it can no longer be sent', 'DELETE');
const createVersion = simple('createVersion', 'Create Version', 'Create a version of a template', 'Save the template\'s current content as a new version, which campaigns can pin', 'POST', '/versions');

// GET /templates?limit&cursor&sort&order&status&search&tags&tagMatch&templateCategory
const getAll = defineOperation(
	'template',
	{ name: 'Get Many', value: 'getAll', action: 'Get many templates', description: 'List templates, with search and filters', routing: { request: { method: 'GET', url: '/templates' }, output: { postReceive: [unwrapData] } } },
	[
		...cursorList(),
		filtersCollection([
			queryText('Category', 'templateCategory', 'Only templates of this category', 'e.g. Marketing'),
			...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Name', 'name']]),
			queryText('Search', 'search', 'Only templates whose name or template ID contains this text', 'e.g. order'),
			queryText('Status', 'status', 'Only templates in this status', 'e.g. approved'),
			{ displayName: 'Tag Match', name: 'tagMatch', type: 'options', options: [{ name: 'All Tags', value: 'all' }, { name: 'Any Tag', value: 'any' }], default: 'any', description: 'Whether a template needs all of the tags or any of them', routing: { send: { type: 'query', property: 'tagMatch' } } },
			{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. promo, summer', description: 'Only templates with these tags (comma-separated)', routing: { send: csvQuery('tags') } },
		]),
	],
);

// PUT /templates/{id}  body {name?, templateCategory?, label?, alternativeText?, tags?, status?, variableSchema?, config?}
const update = defineOperation(
	'template',
	{ name: 'Update', value: 'update', action: 'Update a template', description: 'Change a template\'s name, category, label, tags, status or variables', routing: { request: { method: 'PUT', url: ID }, send: { preSend: [buildUpdate] }, output: { postReceive: [unwrapData] } } },
	[templateField, updateFieldsCollection([...templateFields(), { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New name of the template' }])],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = readTemplate(this, 'updateFields');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}

// PUT /templates/{id}/channels/{channelType}  body {content}
const updateChannelContent = defineOperation(
	'template',
	{
		name: 'Update Channel Content',
		value: 'updateChannelContent',
		action: 'Update the content of a template for a channel',
		description: 'Replace what a template shows on one channel, such as the push title and body',
		routing: { request: { method: 'PUT', url: `${ID}/channels/{{ $parameter["channelType"] }}` }, output: { postReceive: [unwrapData] } },
	},
	[
		templateField,
		{ displayName: 'Channel Type', name: 'channelType', type: 'options', options: CHANNEL_TYPES, default: 'in_app', description: 'The channel whose content to replace' },
		{ displayName: 'Content (JSON)', name: 'content', type: 'json', required: true, default: '{}', description: 'The channel\'s content, a JSON object such as {"title": "Hi {{user_name}}", "body": "Your order shipped"}', routing: { send: { preSend: [sendContent] } } },
	],
);

async function sendContent(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { content: readJsonObject(this, 'content', 'Content (JSON)') };
	return requestOptions;
}

export const templateDescription = describeResource('template', [archive, create, createVersion, get, getAll, update, updateChannelContent], 'getAll');
