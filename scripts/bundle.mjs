// Builds what n8n loads: each entry point of package.json's `n8n` block (its nodes and credentials) as ONE
// CommonJS file at the very path listed there, bundled from the TypeScript sources, with each node's codex
// (X.node.json) beside it. n8n then requires one file per entry instead of ~150 small modules, which is
// most of the load time and of the tarball's file count (BENCHMARKS.md, Footprint). Type-checking is
// tsc's job (`tsc -p tsconfig.json`, noEmit, runs first in `npm run build`); esbuild only strips types.
// `node scripts/bundle.mjs --watch` rebuilds on change (npm run dev).
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as esbuild from 'esbuild';

// What a bundle may still require at run time: the peer dependency n8n provides, and the one Node
// built-in n8n's community-package scanner allows (its no-restricted-imports rule). Anything else would
// be a runtime dependency, which community nodes may not have.
const EXTERNAL = new Set(['n8n-workflow', 'crypto', 'node:crypto']);

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const outputs = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
const source = (output) => output.replace(/^dist\//, '').replace(/\.js$/, '.ts');

/** @type {import('esbuild').BuildOptions} */
const options = {
	entryPoints: outputs.map(source),
	outbase: '.',
	outdir: 'dist',
	bundle: true,
	platform: 'node',
	format: 'cjs',
	target: `node${pkg.engines.node.replace(/^>=\s*/, '')}`,
	external: ['n8n-workflow'],
	// Whitespace only: indented bundles pack to 153.8 KB, over the 150 KB target; this makes 140.8 KB.
	// Every name stays as written (minifySyntax would drop function expressions' names, minifyIdentifiers
	// all of them), so stack traces name our functions and a pretty-printer gives the code back.
	minifyWhitespace: true,
	charset: 'utf8', // texts with → and … stay as written instead of \u escapes
	legalComments: 'none',
	metafile: true,
	logLevel: 'warning',
};

function check(result) {
	for (const [file, output] of Object.entries(result.metafile.outputs)) {
		const outside = output.imports.filter((i) => i.external && !EXTERNAL.has(i.path)).map((i) => i.path);
		if (outside.length) throw new Error(`${file} requires ${[...new Set(outside)].join(', ')} at run time: only ${[...EXTERNAL].join(', ')} may stay outside the bundle.`);
	}
	const missing = outputs.filter((output) => !result.metafile.outputs[output]);
	if (missing.length) throw new Error(`esbuild did not write ${missing.join(', ')}`);
	// n8n reads a node's codex (categories, documentation links) from X.node.json beside X.node.js.
	for (const output of pkg.n8n.nodes) {
		const codex = source(output).replace(/\.ts$/, '.json');
		if (!existsSync(codex)) throw new Error(`${codex} is missing: every node has its codex file.`);
		mkdirSync(dirname(output), { recursive: true });
		copyFileSync(codex, output.replace(/\.js$/, '.json'));
	}
}

if (process.argv.includes('--watch')) {
	const ctx = await esbuild.context({
		...options,
		plugins: [{ name: 'check', setup: (build) => build.onEnd((result) => result.errors.length === 0 && check(result)) }],
	});
	await ctx.watch();
	process.stdout.write('bundle: watching nodes/ and credentials/ (type-check with `npx tsc --watch`)\n');
} else {
	check(await esbuild.build(options));
}
