import type { INodeProperties } from 'n8n-workflow';
import { ROOT } from '../harness';
import { fingerprintOf, foldAlikeFields, planFold, type FoldPlan } from '../../nodes/shared/fold';
import { unfoldedProperties as chat } from '../../nodes/CometChat/resources';

// Found by the attack on the fold plans: the fingerprint covered each property's name and first resource
// and operation only, so a list with one copy of a folded field edited (its help text, its default,
// required, a second operation) or an entry dropped from a folded collection kept the fingerprint, and the
// built code replayed the plan of the unedited list (wrong fields, or a throw). The fingerprint now sees
// such edits, and the fold is worked out for them.
type Fold = typeof foldAlikeFields;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const built = (require(`${ROOT}/dist/nodes/shared.js`) as { modules: { fold: { foldAlikeFields: Fold } } }).modules.fold.foldAlikeFields;
const text = (properties: unknown) =>
	JSON.stringify(properties, (_key, value: unknown) => (typeof value === 'function' ? `function ${value.name.replace(/\d+$/, '')}` : value));

/** Where the built fold of `properties` first differs from the one worked out from the sources (undefined: nowhere). */
function firstDifference(properties: INodeProperties[]): string | undefined {
	let builtFold: INodeProperties[];
	try {
		builtFold = built(properties);
	} catch (error) {
		return `the built fold throws: ${(error as Error).message}`;
	}
	const sourceFold = foldAlikeFields(properties);
	const length = Math.max(builtFold.length, sourceFold.length);
	for (let i = 0; i < length; i++) {
		if (text(builtFold[i]) !== text(sourceFold[i])) {
			const shown = (property?: INodeProperties) => `${property?.name} (required: ${String(property?.required)}) for ${JSON.stringify(property?.displayOptions?.show)}`;
			return `property ${i} of ${builtFold.length} (sources: ${sourceFold.length}): built ${shown(builtFold[i])}, sources ${shown(sourceFold[i])}`;
		}
	}
	return undefined;
}

/** A copy (not the first) of a field the CometChat node folds, that is not a collection. */
function foldedCopy(): number {
	const plan: FoldPlan = planFold(chat);
	for (const step of plan) {
		if (typeof step === 'number' || step.length !== 1) continue;
		const [members] = step;
		if (members.length >= 2 && chat[members[1]].type !== 'collection') return members[1];
	}
	throw new Error('the CometChat node folds no field');
}

describe('fold plans: a list edited in what the fold depends on', () => {
	const at = foldedCopy();
	const edits: Array<[string, (property: INodeProperties) => INodeProperties]> = [
		['its description reworded', (p) => ({ ...p, description: `${p.description ?? ''} (edited)` })],
		['its default changed', (p) => ({ ...p, default: typeof p.default === 'string' ? `${p.default}x` : 7 })],
		['made required', (p) => ({ ...p, required: !p.required })],
		['shown for a second operation too', (p) => ({ ...p, displayOptions: { show: { ...p.displayOptions!.show, operation: [...p.displayOptions!.show!.operation!, 'other'] } } })],
	];
	it.each(edits)('one copy of a folded field %s: the built fold is the one worked out from the sources', (_name, edit) => {
		const edited = chat.map((property, index) => (index === at ? edit(property) : property));
		expect(fingerprintOf(edited)).not.toBe(fingerprintOf(chat)); // the fingerprint sees the edit: the fold is worked out
		expect(planFold(edited)).not.toEqual(planFold(chat)); // but the fold is another one
		expect(firstDifference(edited)).toBeUndefined();
	});

	it('an entry dropped from one copy of a folded collection: the built fold is the one worked out from the sources', () => {
		// A folded collection's plan names each entry by its copy and position: drop the last entry of the
		// copy the plan's last entry comes from.
		const step = planFold(chat).find((s): s is [number[], number[][]] => typeof s !== 'number' && s.length === 2 && s[0].length >= 2);
		if (!step) throw new Error('the CometChat node folds no collection');
		const [from, position] = step[1][step[1].length - 1];
		const edited = chat.map((property, index) =>
			index === from ? { ...property, options: (property.options as INodeProperties[]).filter((_entry, i) => i !== position) } : property,
		);
		expect(fingerprintOf(edited)).not.toBe(fingerprintOf(chat));
		expect(firstDifference(edited)).toBeUndefined();
	});
});
