import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId, roleLocator, unsetField, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readJsonObject, readList, readText } from '../../../shared/validate';
import {
	metadataField,
	readSettings,
	
	settingsFields,
 } from './fields';

const UNSETTABLE: Record<string, string> = { description: 'Description', metadata: 'Metadata (JSON)', settings: 'List Users / Send Messages To' };

// PUT /roles/{role}  body {name?, description?, metadata?, settings?, unset?: [settings|description|metadata]}
//   →  {data: <role>}
export const update = defineOperation(
	'role',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a role',
		description: 'Change the name, description, metadata or settings of a role',
		routing: {
			request: { method: 'PUT', url: `=/roles/${pathId('role')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		roleLocator('role', 'Role', 'The role'),
		updateFieldsCollection([
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				placeholder: 'e.g. Can moderate every public group',
				description: 'At most 255 characters. To remove the description, use Fields to Unset.',
			},
			{
				...settingsFields[0],
				description: `${settingsFields[0].description}. Changes only this setting.`,
			},
			{ ...metadataField, description: 'A JSON object that replaces the role\'s metadata, e.g. {"team": "support"}' },
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Moderator',
				description: 'Display name of the role, at most 100 characters',
			},
			{
				...settingsFields[1],
				description: `${settingsFields[1].description}. Changes only this setting.`,
			},
		],),
		unsetField(
			[
				{ name: 'Description', value: 'description' },
				{ name: 'Metadata', value: 'metadata' },
				{ name: 'Settings', value: 'settings', description: 'Both List Users and Send Messages To' },
			],
			'role',
		),
	],
);

/** The changed fields and the fields to unset, checked: at least one, and no field both set and unset. */
async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = readText(this, 'updateFields.name', 'Name', { max: 100, required: true });
	if (fields.description !== undefined) {
		const description = readText(this, 'updateFields.description', 'Description', { max: 255 });
		if (description === '') throw inputError(this, 'Description', 'is empty', 'To remove the description, choose it in Fields to Unset.');
		body.description = description;
	}
	if (fields.metadata !== undefined) body.metadata = readJsonObject(this, 'updateFields.metadata', 'Metadata (JSON)');
	const settings = readSettings(this, 'updateFields');
	if (settings) body.settings = settings;
	const unset = readList(this, 'unset', 'Fields to Unset');
	for (const field of unset) {
		if (!Object.prototype.hasOwnProperty.call(UNSETTABLE, field)) throw inputError(this, 'Fields to Unset', `"${field}" cannot be unset; CometChat can unset only description, metadata and settings`);
		if (body[field] !== undefined) {
			throw inputError(this, 'Fields to Unset', `${UNSETTABLE[field]} is also in Update Fields`, 'Either set the field or unset it, not both.');
		}
	}
	if (unset.length > 0) body.unset = unset;
	if (Object.keys(body).length === 0) {
		throw inputError(this, 'Update Fields', 'is empty and Fields to Unset chooses nothing', 'Add a field to change, or choose a field to unset.');
	}
	requestOptions.body = body;
	return requestOptions;
}
