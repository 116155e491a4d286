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
 * The variants where n8n 1.85's RoutingNode and the runner differ, expected to fail until fixed: none.
 * (89 of 460 did until issue #26's case 2 was fixed: displayParameter's fourth argument in n8n-workflow
 * 1.83 hid folded-collection entries — On Behalf Of, Get Many filters, App → Create's body.)
 */
const CASE_2: string[] = [];

describeDifferential(1, Object.fromEntries(CASE_2.map((name) => [name, 'case 2: displayParameter on n8n 1.85'])));
