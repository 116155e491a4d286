import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readId, readJsonObject, readText } from '../../../shared/validate';
import {
	metadataField,
	readSettings,
	settingsFields,
} from './fields';

// POST /roles  body {role, name, description?, metadata?, settings?: {listUsers?, sendMessagesTo?}}
//   →  {data: {role, name, description, metadata, settings, createdAt}}
export const create = defineOperation(
	'role',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a role',
		description: 'Create a role to group users and control what they may do',
		routing: {
			request: { method: 'POST', url: '/roles' },
			send: { preSend: [buildRole] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		{
			displayName: 'Role ID',
			name: 'roleId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. moderator',
			description: 'Unique ID of the role: letters, digits, "-" and "_", at most 100. CometChat stores it in lower case.',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Moderator',
			description: 'Display name of the role, at most 100 characters',
		},
		optionsCollection([
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				placeholder: 'e.g. Can moderate every public group',
				description: 'At most 255 characters',
			},
			settingsFields[0],
			metadataField,
			settingsFields[1],
		]),
	],
);

/** Role ID, name and options are checked and placed in the body before anything is sent. */
async function buildRole(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: IDataObject = {
		role: readId(this, 'roleId', 'Role ID'),
		name: readText(this, 'name', 'Name', { max: 100, required: true }),
	};
	const options = this.getNodeParameter('options', {}) as IDataObject;
	if (options.description !== undefined) {
		const description = readText(this, 'options.description', 'Description', { max: 255 });
		if (description !== '') body.description = description;
	}
	if (options.metadata !== undefined) body.metadata = readJsonObject(this, 'options.metadata', 'Metadata (JSON)');
	const settings = readSettings(this, 'options');
	if (settings) body.settings = settings;
	requestOptions.body = body;
	return requestOptions;
}
