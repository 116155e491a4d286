/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time and the
 * most total (inclusive) time, with their files, so a missed target can be traced to its cause.
 *
 *   npx ts-node --transpile-only bench/profile-summary.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

export function summarise(file: string, rows = 25): string {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const self = new Map<number, number>();
	profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
	const total = [...self.values()].reduce((a, b) => a + b, 0);
	const label = (node: ProfileNode) => {
		const { functionName, url, lineNumber } = node.callFrame;
		const where = url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '').replace(/.*\/(dist|bench|test)\//, '$1/');
		return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
	};
	const selfBy = new Map<string, number>();
	const totalBy = new Map<string, number>();
	for (const [id, time] of self) {
		const node = byId.get(id)!;
		selfBy.set(label(node), (selfBy.get(label(node)) ?? 0) + time);
		// Inclusive: every distinct frame on the stack gets the sample once.
		const seen = new Set<string>();
		for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
			const name = label(byId.get(at)!);
			if (seen.has(name)) continue;
			seen.add(name);
			totalBy.set(name, (totalBy.get(name) ?? 0) + time);
		}
	}
	const table = (title: string, map: Map<string, number>) =>
		[
			title,
			...[...map.entries()]
				.sort((a, b) => b[1] - a[1])
				.slice(0, rows)
				.map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(6)} ms  ${name}`),
		].join('\n');
	return `${table('Self time', selfBy)}\n\n${table('Total time (inclusive)', totalBy)}`;
}

if (require.main === module) process.stdout.write(`${summarise(process.argv[2], Number(process.argv[3] ?? 25))}\n`);
