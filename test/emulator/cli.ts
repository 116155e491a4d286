/**
 * Run the CometChat emulator by hand, seeded with demo data:
 *
 *   npx ts-node --transpile-only test/emulator/cli.ts [--port N]     (or: npm run emulator)
 *
 * Port: --port N, else the PORT environment variable, else 8787. Stops on Ctrl+C (SIGINT) or SIGTERM.
 */
import { createEmulator } from './index';

function parsePort(argv: string[], env: NodeJS.ProcessEnv): number {
	let raw: string | undefined;
	for (let i = 0; i < argv.length; i += 1) {
		if (argv[i] === '--port') raw = argv[i + 1];
		else if (argv[i].startsWith('--port=')) raw = argv[i].slice('--port='.length);
	}
	raw ??= env.PORT;
	if (raw === undefined || raw === '') return 8787;
	const port = Number(raw);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		throw new Error(`Invalid port: ${raw}`);
	}
	return port;
}

async function main(): Promise<void> {
	// A closed stdout (e.g. piped into `head`) must not crash the shutdown path.
	process.stdout.on('error', () => undefined);
	const port = parsePort(process.argv.slice(2), process.env);
	const emulator = await createEmulator({ port, seed: true });

	console.log('CometChat REST API v3 emulator (demo data loaded)');
	console.log('');
	console.log(`  Base URL      ${emulator.url}`);
	console.log(`  App ID        ${emulator.appId}`);
	console.log(`  REST API key  ${emulator.apiKey}`);
	console.log('');
	console.log('Paste these into the n8n CometChat credential (base URL override, App ID, API key). Try:');
	console.log(`  curl -s -H 'apikey: ${emulator.apiKey}' '${emulator.url}/users?perPage=5'`);
	console.log('');
	console.log('Press Ctrl+C to stop.');

	let closing = false;
	const stop = (signal: NodeJS.Signals): void => {
		if (closing) return;
		closing = true;
		console.log(`\n${signal} received, stopping the emulator.`);
		emulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
