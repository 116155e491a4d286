/**
 * The differential run (differentialSuite.ts) on the oldest n8n the README supports, 1.85: its n8n-core
 * (1.84.0) and n8n-workflow (1.83.0), installed as the aliased devDependencies n8n-core-1-84 and
 * n8n-workflow-1-83. Every `n8n-workflow` the node, the harness and n8n-core load is that one copy
 * (n8n-core's own, nested, included), as in an n8n 1.85 install, where the node's peer dependency
 * resolves to n8n's.
 */
jest.mock('n8n-workflow', () => jest.requireActual('n8n-workflow-1-83'));
jest.mock('n8n-core-1-84/node_modules/n8n-workflow', () => jest.requireActual('n8n-workflow-1-83'));
jest.mock('n8n-core', () => {
	const core = jest.requireActual('n8n-core-1-84');
	// The harness calls n8n 2's static DirectoryLoader.applyDeclarativeNodeOptionParameters, which leaves a
	// node with execute() (both of this package's) as it is; n8n-core 1.84 has no static one.
	core.DirectoryLoader.applyDeclarativeNodeOptionParameters ??= () => undefined;
	return core;
});

import { describeDifferential } from './differentialSuite';

/**
 * The variants where n8n 1.85's RoutingNode and the runner differ today: 89 of 460, every one issue #26's
 * case 2 (displayParameter's fourth argument in n8n-workflow 1.83, so folded-collection entries are
 * hidden: On Behalf Of, Get Many filters, App → Create's body). Expected to fail until x26-fixes is
 * merged; then empty this list (and the entries of PENDING_FIXES[1]).
 */
const CASE_2: string[] = [
	'CometChat: apiKey → getAll #1',
	'CometChat: apiKey → getAll #2',
	'CometChat: authToken → create #1',
	'CometChat: bannedUser → ban #1',
	'CometChat: bannedUser → unban #1',
	'CometChat: call → get #1',
	'CometChat: call → getAll #1',
	'CometChat: call → getAll #2',
	'CometChat: call → getTranscriptions #1',
	'CometChat: call → getTranscriptions #2',
	'CometChat: conversation → getAll #1',
	'CometChat: conversation → getAll #2',
	'CometChat: friend → getAll #1',
	'CometChat: friend → getAll #2',
	'CometChat: group → create #1',
	'CometChat: group → create #2',
	'CometChat: group → create #3',
	'CometChat: group → delete #1',
	'CometChat: group → get #1',
	'CometChat: group → getAll #1',
	'CometChat: group → getAll #2',
	'CometChat: group → update #1',
	'CometChat: group → update #2',
	'CometChat: groupMember → add #1',
	'CometChat: groupMember → changeScope #1',
	'CometChat: groupMember → changeScope #2',
	'CometChat: groupMember → changeScope #3',
	'CometChat: groupMember → getAll #1',
	'CometChat: groupMember → getAll #2',
	'CometChat: groupMember → kick #1',
	'CometChat: message → delete #1',
	'CometChat: message → get #1',
	'CometChat: message → getAll #1',
	'CometChat: message → getAll #2',
	'CometChat: message → getAll #3',
	'CometChat: message → getAll #4',
	'CometChat: message → getAll #5',
	'CometChat: message → getAll #6',
	'CometChat: message → getAll #7',
	'CometChat: message → getAll #8',
	'CometChat: message → getAll #9',
	'CometChat: message → getReactions #1',
	'CometChat: message → getReactions #2',
	'CometChat: message → getReactions #3',
	'CometChat: message → getThread #1',
	'CometChat: message → getThread #2',
	'CometChat: message → listThreads #1',
	'CometChat: message → listThreads #2',
	'CometChat: message → listThreads #3',
	'CometChat: message → pin #1',
	'CometChat: message → send #1',
	'CometChat: message → send #2',
	'CometChat: message → send #3',
	'CometChat: message → send #4',
	'CometChat: message → send #5',
	'CometChat: message → send #6',
	'CometChat: message → send #7',
	'CometChat: message → send #8',
	'CometChat: message → send #9',
	'CometChat: message → send #10',
	'CometChat: message → send #11',
	'CometChat: message → send #12',
	'CometChat: message → send #13',
	'CometChat: message → send #14',
	'CometChat: message → send #15',
	'CometChat: message → send #16',
	'CometChat: message → send #17',
	'CometChat: message → send #18',
	'CometChat: message → send #19',
	'CometChat: message → send #20',
	'CometChat: message → send #21',
	'CometChat: message → unpin #1',
	'CometChat: message → update #1',
	'CometChat: notificationLog → getAll #1',
	'CometChat: notificationLog → getAll #2',
	'CometChat: user → delete #1',
	'CometChat: user → get #1',
	'CometChat: user → getAll #1',
	'CometChat: user → getAll #2',
	'CometChat Management: app → create #1',
	'CometChat Management: app → create #2',
	'CometChat Management: app → create #3',
	'CometChat Management: app → getAll #1',
	'CometChat Management: app → getAll #2',
	'CometChat Management: tenant → create #1',
	'CometChat Management: tenant → create #2',
	'CometChat Management: tenant → create #3',
	'CometChat Management: webhook → getAll #1',
	'CometChat Management: webhook → getAll #2',
];

describeDifferential(1, Object.fromEntries(CASE_2.map((name) => [name, 'case 2: displayParameter on n8n 1.85'])));
