/**
 * The emulator in a process of its own for the benchmark, so that it never shares an event loop (or a
 * heap) with the client being measured. Rate limiting is off: budgets of a billion requests a minute,
 * because the throughput legs measure the client, not CometChat's throttle.
 * Commands over IPC: seed (bulk users and messages straight into the state), clear, and stats
 * (requests since the last stats, by route and page size, and this process's CPU time).
 */
import { createEmulator, seedDemoData, type Emulator, type MessageRecord } from '../test/emulator';
import { dataImportStore } from '../test/emulator/routes/dataImport';
import { userConversationId } from '../test/emulator/state';

export type EmulatorCommand =
	| { cmd: 'clear' }
	| { cmd: 'seedUsers'; count: number }
	| { cmd: 'seedMessages'; count: number }
	/** The emulator's demo data (users, groups, messages) and one auth token, for the per-resource leg (bench/resources.ts). */
	| { cmd: 'seedDemo' }
	| { cmd: 'stats' };

export interface EmulatorStats {
	requests: number;
	/** "GET /v3/users perPage=1000" → count */
	byRoute: Record<string, number>;
	/** CPU time of the emulator process since the last stats, ms. */
	cpuMs: number;
	wallMs: number;
	rssMb: number;
	/** The most requests the emulator answered at once. */
	maxInFlight: number;
}

const SAMPLE_USER = {
	avatar: 'https://assets.cometchat.io/sampleapp/v2/users/cometchat-uid-1.webp',
	link: 'https://example.com/profile',
	role: 'default',
	status: 'offline' as const,
	metadata: { '@private': { email: 'user@example.com', contactNumber: '0123456789' }, plan: 'pro' },
	tags: ['bench', 'imported'],
};

function seedUsers(emulator: Emulator, count: number): void {
	const createdAt = emulator.state.now() - count;
	for (let i = 0; i < count; i++) {
		// Distinct creation times keep CometChat's newest-first order stable and cheap to sort.
		emulator.state.addUser({ uid: `user-${String(i).padStart(6, '0')}`, name: `Bench User ${i}`, createdAt: createdAt + i, ...SAMPLE_USER });
	}
}

/** Messages between two seeded users (alice → bob), as POST /messages would have stored them. */
function seedMessages(emulator: Emulator, count: number): void {
	const { state } = emulator;
	for (const uid of ['alice', 'bob']) if (!state.getUser(uid)) state.addUser({ uid, name: uid === 'alice' ? 'Alice Bench' : 'Bob Bench', ...SAMPLE_USER });
	const sentAt = state.now() - count;
	for (let i = 0; i < count; i++) {
		const message: MessageRecord = {
			id: state.nextMessageId(),
			conversationId: userConversationId('alice', 'bob'),
			sender: 'alice',
			receiverType: 'user',
			receiver: 'bob',
			category: 'message',
			type: 'text',
			data: { text: `Message number ${i} of the benchmark history`, metadata: { ticket: i } },
			sentAt: sentAt + i,
			updatedAt: sentAt + i,
		};
		state.messages.push(message);
	}
}

/** The demo data and a push-token owner's auth token with a known value (bench/resources.ts uses it). */
function seedDemo(emulator: Emulator): void {
	seedDemoData(emulator.state);
	const token = emulator.state.addAuthToken('cometchat-uid-1');
	token.authToken = 'bench-auth-token';
	// Rate limits off here too: the import endpoints have their own budget (60 requests a minute).
	dataImportStore(emulator.state).limit = 1e9;
}

/** How the runner starts it (argv[2], JSON): rate limits off by default, no added latency. */
export interface EmulatorConfig {
	latencyMs?: number;
	rateLimits?: { core: number; standard: number; app: number };
	rateWindowSeconds?: number;
}

async function main() {
	const config = JSON.parse(process.argv[2] ?? '{}') as EmulatorConfig;
	const emulator = await createEmulator({
		rateLimits: config.rateLimits ?? { core: 1e9, standard: 1e9, app: 1e9 },
		rateWindowSeconds: config.rateWindowSeconds,
		latencyMs: config.latencyMs,
	});
	let cpu = process.cpuUsage();
	let wall = process.hrtime.bigint();
	const answer = (message: object) => process.send?.(message);
	process.on('message', (raw: EmulatorCommand & { id: number }) => {
		const { id } = raw;
		if (raw.cmd === 'clear') emulator.reset();
		else if (raw.cmd === 'seedUsers') seedUsers(emulator, raw.count);
		else if (raw.cmd === 'seedMessages') seedMessages(emulator, raw.count);
		else if (raw.cmd === 'seedDemo') seedDemo(emulator);
		else if (raw.cmd === 'stats') {
			const byRoute: Record<string, number> = {};
			for (const r of emulator.requests) {
				const size = r.query.perPage ? ` perPage=${r.query.perPage}` : r.query.limit ? ` limit=${r.query.limit}` : '';
				const key = `${r.method} ${r.path}${size}`;
				byRoute[key] = (byRoute[key] ?? 0) + 1;
			}
			const used = process.cpuUsage(cpu);
			const now = process.hrtime.bigint();
			const stats: EmulatorStats = {
				requests: emulator.requests.length,
				byRoute,
				cpuMs: (used.user + used.system) / 1000,
				wallMs: Number(now - wall) / 1e6,
				rssMb: process.memoryUsage().rss / 2 ** 20,
				maxInFlight: emulator.inFlight.max,
			};
			emulator.requests.length = 0;
			emulator.inFlight.max = emulator.inFlight.now;
			cpu = process.cpuUsage();
			wall = now;
			answer({ id, stats });
			return;
		}
		answer({ id, ok: true });
	});
	answer({ ready: true, url: emulator.url, appId: emulator.appId, apiKey: emulator.apiKey });
	process.on('disconnect', () => void emulator.close().then(() => process.exit(0)));
}

void main();
