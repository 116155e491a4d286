import type { INodeProperties } from 'n8n-workflow';
import { ROOT } from '../harness';
import { BUILT_PLANS, fingerprintOf, foldAlikeFields, planFold } from '../../nodes/shared/fold';
import { unfoldedProperties as chat } from '../../nodes/CometChat/resources';
import { unfoldedProperties as aiAgents } from '../../nodes/CometChatAiAgents/resources';
import { unfoldedProperties as campaigns } from '../../nodes/CometChatCampaigns/resources';
import { unfoldedProperties as management } from '../../nodes/CometChatManagement/resources';
import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { CometChatAiAgents } from '../../nodes/CometChatAiAgents/CometChatAiAgents.node';
import { CometChatCampaigns } from '../../nodes/CometChatCampaigns/CometChatCampaigns.node';
import { CometChatManagement } from '../../nodes/CometChatManagement/CometChatManagement.node';

// The build works each node's fold out once and the built node replays it at load (nodes/shared/fold.ts,
// "Why plans"). Run from the sources, as here, every fold is worked out: the built nodes must come out the same.
const nodes: Array<[string, string, new () => { description: unknown }, INodeProperties[]]> = [
	['CometChat', 'CometChat', CometChat, chat],
	['CometChat AI Agents', 'CometChatAiAgents', CometChatAiAgents, aiAgents],
	['CometChat Campaigns', 'CometChatCampaigns', CometChatCampaigns, campaigns],
	['CometChat Management', 'CometChatManagement', CometChatManagement, management],
];

/**
 * A description as text, each function by its name: the built and the source nodes' functions are not the
 * same objects, and the bundle numbers a name two modules both use (buildUpdate2).
 */
const text = (description: unknown) =>
	JSON.stringify(description, (_key, value: unknown) => (typeof value === 'function' ? `function ${value.name.replace(/\d+$/, '')}` : value));

describe('fold plans', () => {
	const built = (file: string) => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(`${ROOT}/dist/nodes/${file}/${file}.node.js`) as Record<string, new () => { description: unknown }>;
		return new exported[file]().description;
	};
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const builtPlans = (require(`${ROOT}/dist/nodes/shared.js`) as { modules: { fold: { BUILT_PLANS: Record<string, unknown> } } }).modules.fold.BUILT_PLANS;

	it.each(nodes)('the built %s node holds the plan of its fold, and its description is the one worked out from the sources', (_name, file, Source, unfolded) => {
		expect(BUILT_PLANS).toEqual({}); // the sources have no plans: they work every fold out
		expect(builtPlans[fingerprintOf(unfolded)]).toEqual(planFold(unfolded));
		expect(text(built(file))).toBe(text(new Source().description));
	});

	it('every fold of the built nodes finds its plan', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { unplannedFolds } = (require(`${ROOT}/dist/nodes/shared.js`) as { modules: { fold: { unplannedFolds: { count: number } } } }).modules.fold;
		for (const [, file] of nodes) built(file);
		expect(unplannedFolds.count).toBe(0);
	});

	it('holds no plan for properties it was not worked out from: those are folded at load', () => {
		expect(Object.keys(builtPlans)).toHaveLength(nodes.length);
		const other = chat.filter((property) => property.name !== 'uid');
		expect(builtPlans[fingerprintOf(other)]).toBeUndefined();
		expect(text(foldAlikeFields(other))).toBe(text(foldAlikeFields(other.map((property) => ({ ...property })))));
	});

	it('fingerprints what a plan depends on: a property renamed, moved to another operation, or two swapped', () => {
		const base = fingerprintOf(chat);
		const at = chat.findIndex((property) => property.displayOptions?.show?.operation);
		const renamed = chat.map((property, index) => (index === at ? { ...property, name: `${property.name}x` } : property));
		const moved = chat.map((property, index) =>
			index === at ? { ...property, displayOptions: { show: { ...property.displayOptions!.show, operation: ['elsewhere'] } } } : property,
		);
		const swapped = [...chat];
		[swapped[at], swapped[at + 1]] = [swapped[at + 1], swapped[at]];
		expect(new Set([base, fingerprintOf(renamed), fingerprintOf(moved), fingerprintOf(swapped), fingerprintOf(chat.slice(1))]).size).toBe(5);
	});
});
