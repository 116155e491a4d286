/**
 * Demo data for trying workflows by hand (cli.ts) or in tests (`createEmulator({ seed: true })`).
 * Names and ids follow CometChat's own samples (`cometchat-uid-N`, `cometchat-guid-N`).
 */
import {
	APP_SYSTEM_UID,
	type AddUserInput,
	type EmulatorState,
	type MessageRecord,
	groupConversationId,
	userConversationId,
} from './state';
import { roleStore } from './routes/roles';

const DAY = 86400;
const AVATAR = (uid: string): string => `https://assets.cometchat.io/sampleapp/v2/users/${uid}.webp`;

export const DEMO_USERS: readonly AddUserInput[] = [
	{
		uid: 'cometchat-uid-1',
		name: 'Andrew Joseph',
		avatar: AVATAR('cometchat-uid-1'),
		status: 'available',
		statusMessage: 'Out on the trail',
		tags: ['hiking', 'vip'],
		metadata: { '@private': { email: 'andrew.joseph@example.com', contactNumber: '+15550100001' } },
	},
	{ uid: 'cometchat-uid-2', name: 'George Alan', avatar: AVATAR('cometchat-uid-2'), tags: ['hiking'] },
	{
		uid: 'cometchat-uid-3',
		name: 'Nancy Grace',
		avatar: AVATAR('cometchat-uid-3'),
		status: 'available',
		tags: ['project-falcon'],
	},
	{
		uid: 'cometchat-uid-4',
		name: 'Susan Marie',
		avatar: AVATAR('cometchat-uid-4'),
		role: 'manager',
		tags: ['project-falcon', 'vip'],
		metadata: { department: 'Engineering' },
	},
	{ uid: 'cometchat-uid-5', name: 'John Paul', avatar: AVATAR('cometchat-uid-5'), status: 'available', tags: ['books'] },
	{ uid: 'mod-olivia', name: 'Olivia Stone', role: 'moderator', status: 'available', tags: ['staff'] },
	{ uid: 'mod-kenji', name: 'Kenji Watanabe', role: 'moderator', tags: ['staff'] },
	{ uid: 'support-agent-1', name: 'Priya Support', role: 'support', link: 'https://example.com/support', tags: ['staff'] },
	{ uid: 'guest-emma', name: 'Emma Brown' },
	{ uid: 'guest-liam', name: 'Liam Carter', status: 'available' },
	{ uid: 'spammer-42', name: 'Cheap Pills 4U', tags: ['flagged'], metadata: { reports: 7 } },
	{ uid: 'spammer-77', name: 'Crypto Giveaway', tags: ['flagged'], deactivated: true },
];

/** Fill `state` with the demo users, groups, a ban, a block and a few messages. */
export function seedDemoData(state: EmulatorState): void {
	const now = state.now();
	const base = now - 30 * DAY;
	// The roles the demo users carry (besides CometChat's built-in `default`).
	const roles = roleStore(state);
	roles.addRole({ role: 'moderator', name: 'Moderator', description: 'Keeps groups friendly', createdAt: base });
	roles.addRole({ role: 'manager', name: 'Manager', settings: { listUsers: 'all', sendMessagesTo: 'all' }, createdAt: base });
	roles.addRole({ role: 'support', name: 'Support', description: 'Answers customers', createdAt: base });
	DEMO_USERS.forEach((u, i) => state.addUser({ ...u, createdAt: base + i * 3600 }));

	state.addGroup({
		guid: 'cometchat-guid-1',
		name: 'Hiking Group',
		type: 'public',
		description: 'Weekend hikes and trail tips',
		icon: 'https://assets.cometchat.io/sampleapp/v2/groups/cometchat-guid-1.webp',
		owner: 'cometchat-uid-1',
		tags: ['outdoors'],
		members: {
			'cometchat-uid-1': 'admin',
			'mod-olivia': 'moderator',
			'cometchat-uid-2': 'participant',
			'cometchat-uid-3': 'participant',
			'cometchat-uid-5': 'participant',
			'guest-liam': 'participant',
		},
		createdAt: base + 20 * DAY,
	});
	state.addGroup({
		guid: 'cometchat-guid-2',
		name: 'Project Falcon',
		type: 'private',
		description: 'Launch planning (invite only)',
		owner: 'cometchat-uid-4',
		members: {
			'cometchat-uid-4': 'admin',
			'cometchat-uid-3': 'moderator',
			'cometchat-uid-1': 'participant',
		},
		createdAt: base + 21 * DAY,
	});
	state.addGroup({
		guid: 'cometchat-guid-3',
		name: 'Book Club',
		type: 'password',
		password: 'reading',
		owner: 'cometchat-uid-5',
		members: { 'cometchat-uid-5': 'admin', 'mod-kenji': 'moderator', 'guest-emma': 'participant' },
		createdAt: base + 22 * DAY,
	});

	// One existing ban and one existing block.
	state.banUser('cometchat-guid-1', 'spammer-42');
	state.addBlock('cometchat-uid-2', 'spammer-42');

	const message = (
		sender: string,
		receiverType: 'user' | 'group',
		receiver: string,
		text: string,
		sentAt: number,
		extra: Partial<MessageRecord> = {},
	): void => {
		state.messages.push({
			id: state.nextMessageId(),
			conversationId: receiverType === 'user' ? userConversationId(sender, receiver) : groupConversationId(receiver),
			sender,
			receiverType,
			receiver,
			category: 'message',
			type: 'text',
			data: { text },
			sentAt,
			updatedAt: sentAt,
			...extra,
		});
	};
	message('cometchat-uid-1', 'user', 'cometchat-uid-2', "Are we still on for Saturday's hike?", now - 2 * DAY);
	message('cometchat-uid-2', 'user', 'cometchat-uid-1', 'Yes! Meet at the trailhead at 8.', now - 2 * DAY + 300);
	message('mod-olivia', 'group', 'cometchat-guid-1', 'Reminder: no selling in this group, please.', now - DAY, {
		tags: ['rules'],
	});
	message(APP_SYSTEM_UID, 'user', 'cometchat-uid-3', 'Welcome to the demo app!', now - 3600);
}
