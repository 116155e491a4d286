// n8n-core lazily writes an instance config (with a random encryption key) into $N8N_USER_FOLDER/.n8n;
// keep it inside the project's ignored cache instead of the developer's home, one per Jest worker (the
// first run's write of that config is not atomic; two workers starting at once could read it half-written).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setSafeRegexEngine } from 'n8n-workflow';

const folder = join(__dirname, '..', '..', '.cache', `n8n-user-folder-${process.env.JEST_WORKER_ID ?? '1'}`);
mkdirSync(folder, { recursive: true });
process.env.N8N_USER_FOLDER ??= folder;
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
// n8n's logger prints every node error; the tests assert on those errors instead.
process.env.N8N_LOG_LEVEL ??= 'silent';

// n8n runs every regular expression of a run (display rules, picker patterns, $json lookups) in a vm
// with a 250 ms wall-clock limit. On a loaded 2-core machine a garbage-collection pause alone can pass
// that, failing a random run with "Regular expression execution timed out". The patterns are the node's
// own and fixed, so the tests evaluate them with plain RegExp: same results, no timer.
const globalFlag = (flags?: string): string => (flags?.includes('g') ? flags : `${flags ?? ''}g`);
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) => input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) => Array.from(input.matchAll(new RegExp(pattern, globalFlag(flags)))),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});
