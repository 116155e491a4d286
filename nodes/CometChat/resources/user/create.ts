import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { createUserOnce } from '../../../shared/userCreateOnce';
import { readId } from '../../../shared/validate';
import { profileFields, readName, readProfile } from './fields';

// POST /users  body {uid, name, avatar?, link?, role?, statusMessage?, metadata?, tags?, withAuthToken?}
//   →  {data: <user, plus authToken when withAuthToken>}
export const create = defineOperation(
	'user',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a user',
		description: 'Create a user, optionally with an auth token to log in with',
		routing: {
			request: { method: 'POST', url: '/users' },
			send: { preSend: [buildUser] },
			// Created once: after a lost answer the user is read before it is created again (userCreateOnce.ts).
			operations: { pagination: createUserOnce },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		{
			displayName: 'UID',
			name: 'uid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-uid-1',
			description: 'Unique ID for the new user: letters, digits, "-" and "_", at most 100. CometChat stores it in lower case.',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Jane Doe',
			description: 'Display name of the user (at most 100 characters)',
		},
		optionsCollection([
			...profileFields('create'),
			{
				displayName: 'With Auth Token',
				name: 'withAuthToken',
				type: 'boolean',
				default: false,
				description: 'Whether to also create an auth token for the user and return it as authToken',
			},
		]),
	],
);

/** UID, name and the added options are checked and placed here, so bad input stops before the request. */
async function buildUser(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: Record<string, unknown> = { uid: readId(this, 'uid', 'UID'), name: readName(this, 'name') };
	Object.assign(body, readProfile(this, 'options', 'create'));
	if (this.getNodeParameter('options.withAuthToken', false) === true) body.withAuthToken = true;
	requestOptions.body = { ...(requestOptions.body as object), ...body };
	return requestOptions;
}
