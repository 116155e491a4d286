/**
 * The n8n editor in a real browser: Debian's Chromium driven by playwright-core (which brings no browser
 * of its own). Flags as this machine needs them: no sandbox as root, and no background networking
 * (its connections would be refused by the closed network, many at a time).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { DEMO_OWNER, type N8n } from './instance';
import { ROOT } from './runtime';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of every run: a CI artifact, git-ignored. */
export const OUTPUT_DIR = join(ROOT, 'test', 'e2e', 'output');
/** The README's pictures, rewritten only when UPDATE_DOCS_IMAGES=1 (npm run docs:images). */
export const DOCS_IMAGES = join(ROOT, 'docs', 'images');

export async function launchBrowser(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) {
		throw new Error(
			`No Chromium at ${CHROMIUM}. Install Debian's package as root: apt-get update && apt-get install -y chromium ` +
				'(.ci/run does this), or set CHROMIUM_PATH to another Chromium. playwright-core does not download browsers.',
		);
	}
	mkdirSync(OUTPUT_DIR, { recursive: true });
	return chromium.launch({
		executablePath: CHROMIUM,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
}

/** Signs in through n8n's sign-in page, as a person would. */
export async function signIn(page: Page, n8n: N8n): Promise<void> {
	// The editor loads ~18 MB of node types; on a busy 2-core machine that takes a while.
	page.setDefaultTimeout(180000);
	await page.goto(`${n8n.url}/signin`, { waitUntil: 'domcontentloaded' });
	await page.fill('#emailOrLdapLoginId', DEMO_OWNER.email);
	await page.fill('#password', DEMO_OWNER.password);
	await page.getByRole('button', { name: 'Sign in' }).click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** Opens a workflow and waits until its nodes are on the canvas, fitted to the view. */
export async function openWorkflow(page: Page, n8n: N8n, id: string): Promise<void> {
	await page.goto(`${n8n.url}/workflow/${id}`, { waitUntil: 'domcontentloaded' });
	await page.locator('[data-test-id="canvas-node"]').first().waitFor();
	// First-visit hints ("Press N to browse nodes") would cover part of the canvas.
	const gotIt = page.getByRole('button', { name: 'Got it' });
	if (await gotIt.isVisible()) await gotIt.click();
	await page.locator('[data-test-id="zoom-to-fit"]').click();
	await page.waitForTimeout(800);
}
