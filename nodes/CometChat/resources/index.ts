import type { INodeProperties } from 'n8n-workflow';
import { authTokenDescription } from './authToken';
import { bannedUserDescription } from './bannedUser';
import { blockedUserDescription } from './blockedUser';
import { messageDescription } from './message';
import { userDescription } from './user';

/** Every resource: its name in the Resource dropdown, its value, and its operations and fields. */
export const resources: Array<{ name: string; value: string; properties: INodeProperties[] }> = [
	{ name: 'Auth Token', value: 'authToken', properties: authTokenDescription },
	{ name: 'Banned User', value: 'bannedUser', properties: bannedUserDescription },
	{ name: 'Blocked User', value: 'blockedUser', properties: blockedUserDescription },
	{ name: 'Message', value: 'message', properties: messageDescription },
	{ name: 'User', value: 'user', properties: userDescription },
];
