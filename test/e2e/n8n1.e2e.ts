/**
 * The README says the package works on n8n 1.x from 1.85: the same tarball, installed the same way into
 * the newest n8n 1.x (on Node.js 20), loads and runs the moderation example with the same assertions.
 */
import { exampleId } from './n8n/setup';
import { e2eTest, loadCheck, useRealN8n } from './n8n/suite';

const EXAMPLE = 'moderation-webhook';
const suite = useRealN8n('n8n1', [EXAMPLE]);

describe('n8n 1.x', () => {
	e2eTest(suite, `runs ${EXAMPLE} headless with the same results as on n8n 2.x`, async () => {
		expect(suite.n8n.runtime.n8nVersion).toMatch(/^1\./);
		const version = await suite.n8n.cli(['--version']);
		expect(version.stdout.trim()).toBe(suite.n8n.runtime.n8nVersion);
		suite.emulator.reset();
		const run = await suite.n8n.execute(exampleId(EXAMPLE));
		const headless = loadCheck(EXAMPLE)?.headless;
		if (!headless) throw new Error(`test/e2e/examples/${EXAMPLE}.ts has no headless check`);
		await headless(run, suite);
	});
});
