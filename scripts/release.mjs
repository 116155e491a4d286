// npm run release:prepare -- <version>: makes a release commit and tag on a clean, up-to-date main, for
// .github/workflows/publish.yml to publish (with npm provenance) once the tag is pushed. It moves the
// "Unreleased" section of CHANGELOG.md under the new version and date, sets package.json's version, runs
// what CI runs before publishing (build, lint, tests), commits and tags. Nothing is pushed or published here.
//
// Why not `n8n-node release` locally: it runs release-it and `auto-changelog -p`, which rewrites
// CHANGELOG.md from commit subjects; this package keeps a changelog written for its users. In GitHub
// Actions `npm run release` is `n8n-node release` (lint, build, publish with provenance).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const run = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options }).trim();
const fail = (message) => {
	process.stderr.write(`release: ${message}\n`);
	process.exit(1);
};

const version = process.argv[2];
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? '')) fail('give the new version, e.g. npm run release:prepare -- 0.2.0');
if (run('git', ['rev-parse', '--abbrev-ref', 'HEAD']) !== 'main') fail('release from main');
if (run('git', ['status', '--porcelain'])) fail('the working tree is not clean');
if (run('git', ['tag', '--list', version])) fail(`tag ${version} exists already`);

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const changelog = readFileSync('CHANGELOG.md', 'utf8');
const unreleased = /^## \[Unreleased\]\n([\s\S]*?)(?=^## \[)/m.exec(changelog);
if (!unreleased || !unreleased[1].trim()) fail('CHANGELOG.md has nothing under "## [Unreleased]": say what this release changes');
const date = new Date().toISOString().slice(0, 10);
writeFileSync('CHANGELOG.md', changelog.replace(/^## \[Unreleased\]\n/m, `## [Unreleased]\n\n## [${version}] - ${date}\n`));
writeFileSync('package.json', `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
run('npm', ['install', '--package-lock-only', '--ignore-scripts'], { stdio: 'inherit' });

for (const script of ['build', 'lint', 'test']) run('npm', ['run', script], { stdio: 'inherit' });

run('git', ['add', 'package.json', 'package-lock.json', 'CHANGELOG.md']);
run('git', ['commit', '-m', `Release ${version}`]);
run('git', ['tag', '-a', version, '-m', `n8n-nodes-cometchat ${version}`]);
process.stdout.write(`Tagged ${version} (was ${pkg.version}). Publish: git push --follow-tags (GitHub Actions publishes with provenance).\n`);
