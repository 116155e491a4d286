// The footprint leg's load measure (bench/run.ts) for several built trees at once, taken alternately so
// that a machine's changing load falls on all of them alike: each tree's CometChat node + credential and
// every node and credential its package.json lists, in a fresh process, after n8n-workflow and two GCs.
// Medians of wall and CPU time. Build each tree first (`npm run build`, or `npx tsc -p tsconfig.json &&
// node scripts/bundle.mjs`; a worktree of an older commit can share node_modules by hard links).
//
//   node bench/load-ab.js --rounds=11 /path/to/old-tree /path/to/other-tree .
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 11);
const trees = args.filter((a) => !a.startsWith('--')).map((tree) => resolve(tree));
if (!trees.length) throw new Error('usage: node bench/load-ab.js [--rounds=N] <built tree> [<built tree> …]');

const probe = (files) => `
	require('n8n-workflow');
	global.gc(); global.gc();
	const start = process.hrtime.bigint();
	const cpu = process.cpuUsage();
	const held = ${JSON.stringify(files)}.flatMap((file) => Object.values(require('./' + file)).map((Class) => new Class()));
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	const spent = process.cpuUsage(cpu);
	process.stdout.write(JSON.stringify({ ms, cpuMs: (spent.user + spent.system) / 1e3, held: held.length }));`;
const legs = (tree) => {
	const { n8n } = JSON.parse(readFileSync(`${tree}/package.json`, 'utf8'));
	return [
		['CometChat node + credential', ['dist/nodes/CometChat/CometChat.node.js', 'dist/credentials/CometChatApi.credentials.js']],
		[`all ${n8n.nodes.length} nodes + ${n8n.credentials.length} credentials`, [...n8n.nodes, ...n8n.credentials]],
	];
};
const results = new Map(trees.map((tree) => [tree, new Map()]));
for (let round = 0; round < rounds; round++) {
	for (const tree of trees) {
		for (const [leg, files] of legs(tree)) {
			const load = JSON.parse(execFileSync(process.execPath, ['--expose-gc', '-e', probe(files)], { cwd: tree, encoding: 'utf8' }));
			const list = results.get(tree).get(leg) ?? results.get(tree).set(leg, []).get(leg);
			list.push(load);
		}
	}
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [tree, byLeg] of results) {
	const cells = [...byLeg].map(([leg, loads]) => `${leg}: ${median(loads.map((l) => l.ms)).toFixed(1)} ms wall, ${median(loads.map((l) => l.cpuMs)).toFixed(1)} ms CPU`);
	process.stdout.write(`${tree}\n  ${cells.join('\n  ')}\n`);
}
