// Builds what n8n loads: each entry point of package.json's `n8n` block (its nodes and credentials) as ONE
// CommonJS file at the very path listed there, bundled from the TypeScript sources, with each node's codex
// (X.node.json) beside it. n8n then requires one file per entry instead of ~150 small modules, which is
// most of the load time and of the tarball's file count (BENCHMARKS.md, Footprint). Type-checking is
// tsc's job (`tsc -p tsconfig.json`, noEmit, runs first in `npm run build`); esbuild only strips types.
// `node scripts/bundle.mjs --watch` rebuilds on change (npm run dev).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';

// What a bundle may still require at run time: the peer dependency n8n provides, and the one Node
// built-in n8n's community-package scanner allows (its no-restricted-imports rule). Anything else would
// be a runtime dependency, which community nodes may not have.
const EXTERNAL = new Set(['n8n-workflow', 'crypto', 'node:crypto']);

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const outputs = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
const source = (output) => output.replace(/^dist\//, '').replace(/\.js$/, '.ts');

// The ground floor (nodes/shared/) is ONE file, dist/nodes/shared.js, that every node and credential
// requires, instead of a copy inside each bundle: four nodes and three credentials carried ~190 KB of
// the same code (the error hints table four times), which put the tarball over its 150 KB budget.
// Each bundle imports a shared module through a small stub that takes that module's namespace from
// shared.js, so the code and its module-level state (secret parameter names, concurrency gates)
// exist once per process, as they do in the TypeScript sources.
const SHARED_DIR = resolve('nodes/shared');
const SHARED_OUTPUT = 'dist/nodes/shared.js';
const sharedModules = (function walk(dir) {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return walk(path);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [relative(SHARED_DIR, path).replace(/\.ts$/, '')] : [];
	});
})(SHARED_DIR).sort();
const sharedEntry = [
	...sharedModules.map((module, index) => `import * as m${index} from './${module}';`),
	`export const modules = { ${sharedModules.map((module, index) => `${JSON.stringify(module)}: m${index}`).join(', ')} };`,
].join('\n');

/**
 * Imports that resolve into nodes/shared/ become a stub reading that module from shared.js at `sharedPath`.
 * Given each shared module's export names (`exportsOf`), the stub is an ES module exporting each by name:
 * the bundle then reads them once, where a CommonJS stub is copied property by property (esbuild's
 * __toESM) at every one of the ~500 places that import it, a tenth of the CometChat node's load time.
 */
const sharedPlugin = (sharedPath, exportsOf) => ({
	name: 'shared',
	setup(build) {
		build.onResolve({ filter: /^\./ }, (args) => {
			if (args.namespace === 'shared-stub') return { path: args.path, external: true };
			const target = resolve(args.resolveDir, args.path);
			if (!target.startsWith(SHARED_DIR + '/') && target !== SHARED_DIR) return undefined;
			const module = relative(SHARED_DIR, target).replace(/\.ts$/, '');
			if (!sharedModules.includes(module)) throw new Error(`${args.path} (from ${args.importer}) is not a module of nodes/shared/`);
			return { path: module, namespace: 'shared-stub' };
		});
		build.onLoad({ filter: /.*/, namespace: 'shared-stub' }, (args) => {
			// The stub sits beside the bundle's output (dist/nodes/<Node>/ or dist/credentials/).
			const module = `require(${JSON.stringify(sharedPath)}).modules[${JSON.stringify(args.path)}]`;
			const names = exportsOf?.[args.path];
			if (!names) return { contents: `module.exports = ${module};`, loader: 'js' };
			const exported = names.map((name) => `export const ${name} = m.${name};`).join('\n');
			return { contents: `const m = ${module};\n${exported}`, loader: 'js' };
		});
	},
});

/**
 * Each node's fold worked out once (nodes/shared/fold.ts, "Why plans"): the nodes' unfolded properties,
 * bundled from the sources and run, give the plans the ground floor is built with.
 */
async function foldPlans() {
	const nodes = readdirSync('nodes').filter((node) => existsSync(join('nodes', node, 'resources', 'index.ts')));
	const contents = [
		`import { fingerprintOf, planFold } from './nodes/shared/fold';`,
		...nodes.map((node, index) => `import { unfoldedProperties as p${index} } from './nodes/${node}/resources/index';`),
		`const plans = {};`,
		`for (const properties of [${nodes.map((_, index) => `p${index}`).join(', ')}]) plans[fingerprintOf(properties)] = planFold(properties);`,
		`process.stdout.write(JSON.stringify(plans));`,
	].join('\n');
	const planner = await esbuild.build({
		...common,
		metafile: false,
		write: false,
		stdin: { contents, resolveDir: resolve('.'), sourcefile: '(fold planner).ts', loader: 'ts' },
	});
	const plans = execFileSync(process.execPath, ['-'], { input: planner.outputFiles[0].text, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
	if (Object.keys(JSON.parse(plans)).length !== nodes.length) throw new Error(`fold plans: ${nodes.length} nodes, but not as many plans (two nodes alike?)`);
	return plans;
}

/**
 * That the built nodes fold by their plans: a node that folds other properties than the planner read (its
 * `unfoldedProperties`) would work its fold out at every load, silently slower.
 */
function checkPlansUsed() {
	const script = `require('n8n-workflow');
		for (const file of ${JSON.stringify(pkg.n8n.nodes)}) for (const Node of Object.values(require('./' + file))) new Node();
		process.stdout.write(String(require('./${SHARED_OUTPUT}').modules.fold.unplannedFolds.count));`;
	const unplanned = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
	if (unplanned !== 0) throw new Error(`${unplanned} fold(s) of the built nodes found no plan: fold what resources/index.ts exports as unfoldedProperties`);
}

/** Each shared module's export names, read from the built shared.js. */
function sharedExports() {
	const require = createRequire(import.meta.url);
	const path = resolve(SHARED_OUTPUT);
	delete require.cache[path];
	const { modules } = require(path);
	return Object.fromEntries(Object.entries(modules).map(([module, namespace]) => [module, Object.keys(namespace)]));
}

/** @type {import('esbuild').BuildOptions} */
const common = {
	bundle: true,
	platform: 'node',
	format: 'cjs',
	target: `node${pkg.engines.node.replace(/^>=\s*/, '')}`,
	external: ['n8n-workflow'],
	// Whitespace only. Every name stays as written (minifySyntax would drop function expressions' names,
	// minifyIdentifiers all of them), so stack traces name our functions and a pretty-printer gives the
	// code back.
	minifyWhitespace: true,
	charset: 'utf8', // texts with → and … stay as written instead of \u escapes
	legalComments: 'none',
	metafile: true,
	logLevel: 'warning',
};
// Three builds: the ground floor, the nodes (beside it: ../shared.js), the credentials (../nodes/shared.js).
const sharedBuild = (plans) => ({
	...common,
	stdin: { contents: sharedEntry, resolveDir: SHARED_DIR, sourcefile: 'nodes/shared/(all).ts', loader: 'ts' },
	outfile: SHARED_OUTPUT,
	...(plans && { define: { FOLD_PLANS: plans } }),
});
const nodeBuilds = (exportsOf) => [
	{ ...common, entryPoints: pkg.n8n.nodes.map(source), outbase: '.', outdir: 'dist', plugins: [sharedPlugin('../shared.js', exportsOf)] },
	{ ...common, entryPoints: pkg.n8n.credentials.map(source), outbase: '.', outdir: 'dist', plugins: [sharedPlugin('../nodes/shared.js', exportsOf)] },
];
const ALLOWED = new Set([...EXTERNAL, '../shared.js', '../nodes/shared.js']);

function check(results) {
	const written = Object.assign({}, ...results.map((result) => result.metafile.outputs));
	for (const [file, output] of Object.entries(written)) {
		const outside = output.imports.filter((i) => i.external && !ALLOWED.has(i.path)).map((i) => i.path);
		if (outside.length) throw new Error(`${file} requires ${[...new Set(outside)].join(', ')} at run time: only ${[...EXTERNAL].join(', ')} (and shared.js) may stay outside the bundle.`);
	}
	const missing = [...outputs, SHARED_OUTPUT].filter((output) => !written[output]);
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
	// While watching: no fold plans (every fold is worked out at load) and CommonJS stubs, so that each
	// build stands alone.
	const builds = [sharedBuild(), ...nodeBuilds()];
	const latest = new Map();
	for (const build of builds) {
		const ctx = await esbuild.context({
			...build,
			plugins: [
				...(build.plugins ?? []),
				{
					name: 'check',
					setup: (b) =>
						b.onEnd((result) => {
							if (result.errors.length) return;
							latest.set(build, result);
							if (latest.size === builds.length) check([...latest.values()]);
						}),
				},
			],
		});
		await ctx.watch();
	}
	process.stdout.write('bundle: watching nodes/ and credentials/ (type-check with `npx tsc --watch`)\n');
} else {
	const shared = await esbuild.build(sharedBuild(await foldPlans()));
	check([shared, ...(await Promise.all(nodeBuilds(sharedExports()).map((build) => esbuild.build(build))))]);
	checkPlansUsed();
}
