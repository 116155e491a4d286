import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId, unsetField, updateFieldsCollection, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readList } from '../../../shared/validate';
import { profileFields, readProfile } from './fields';

// PUT /users/{uid}  body {name?, avatar?, link?, role?, statusMessage?, metadata?, tags?, unset?: [avatar|link|metadata]}
//   →  {data: <updated user>}
export const update = defineOperation(
	'user',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a user',
		description: 'Change or remove fields of a user\'s profile',
		routing: {
			request: { method: 'PUT', url: `=/users/${pathId('uid')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		updateFieldsCollection(profileFields('update'),),
		unsetField(
			[
				{ name: 'Avatar', value: 'avatar' },
				{ name: 'Link', value: 'link' },
				{ name: 'Metadata', value: 'metadata' },
			],
			"user's profile",
		),
	],
);

// The fields the spec lets `unset` remove.
const UNSETTABLE = ['avatar', 'link', 'metadata'];

/** The changed fields and the fields to unset, checked: at least one, and no field both set and unset. */
async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: Record<string, unknown> = readProfile(this, 'updateFields', 'update');
	const unset = readList(this, 'unset', 'Fields to Unset');
	for (const field of unset) {
		if (!UNSETTABLE.includes(field)) {
			throw inputError(this, 'Fields to Unset', `"${field}" cannot be unset; CometChat can unset only avatar, link and metadata`);
		}
		if (body[field] !== undefined) {
			throw inputError(this, 'Fields to Unset', `${field} is also in Update Fields`, 'Either set the field or unset it, not both.');
		}
	}
	if (unset.length > 0) body.unset = unset;
	if (Object.keys(body).length === 0) {
		throw inputError(this, 'Update Fields', 'is empty and Fields to Unset chooses nothing', 'Add a field to change, or choose a field to unset.');
	}
	requestOptions.body = { ...(requestOptions.body as object), ...body };
	return requestOptions;
}
