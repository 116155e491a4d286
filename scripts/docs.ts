/**
 * npm run docs: the operation reference, written from the BUILT node descriptions (dist/, what n8n loads),
 * so it can only say what the nodes do:
 *
 * - docs/operations.md: per node and resource, every operation with its action, its CometChat request
 *   (method and path, with `{parameter}` where a field goes) and its description; the trigger's events;
 * - README.md: the summary table per node, between the `<!-- operations:start -->` and
 *   `<!-- operations:end -->` markers.
 *
 * test/package/docs.test.ts renders the same from dist/ and fails when either file is out of date.
 * Run `npm run build` first (npm run docs does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';

export const ROOT = join(__dirname, '..');
export const README_START = '<!-- operations:start -->';
export const README_END = '<!-- operations:end -->';

interface BuiltNode {
	file: string;
	className: string;
	/** In the README, one line of resources and their operation counts (the README stays under 20 KB; docs/operations.md has the rest). */
	brief?: boolean;
}

const ACTION_NODES: BuiltNode[] = [
	{ file: 'dist/nodes/CometChat/CometChat.node.js', className: 'CometChat' },
	{ file: 'dist/nodes/CometChatAiAgents/CometChatAiAgents.node.js', className: 'CometChatAiAgents', brief: true },
	{ file: 'dist/nodes/CometChatCampaigns/CometChatCampaigns.node.js', className: 'CometChatCampaigns', brief: true },
	{ file: 'dist/nodes/CometChatManagement/CometChatManagement.node.js', className: 'CometChatManagement', brief: true },
	{ file: 'dist/nodes/CometChatSendAndWait/CometChatSendAndWait.node.js', className: 'CometChatSendAndWait' },
];
const TRIGGER: BuiltNode = { file: 'dist/nodes/CometChatTrigger/CometChatTrigger.node.js', className: 'CometChatTrigger' };

/** A node's description as n8n gets it: a fresh instance of the built class. */
export function loadDescription(root: string, node: BuiltNode): INodeTypeDescription {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(join(root, node.file)) as Record<string, new () => INodeType>;
	return new module[node.className]().description;
}

interface Resource {
	name: string;
	value: string;
	operations: INodePropertyOptions[];
}

function resourcesOf(description: INodeTypeDescription): Resource[] {
	const resource = description.properties.find((p) => p.name === 'resource');
	const options = (resource?.options ?? []) as INodePropertyOptions[];
	return options.map((option) => {
		const operation = description.properties.find(
			(p: INodeProperties) => p.name === 'operation' && (p.displayOptions?.show?.resource as string[] | undefined)?.includes(String(option.value)),
		);
		return { name: option.name, value: String(option.value), operations: (operation?.options ?? []) as INodePropertyOptions[] };
	});
}

// ---- request paths: the routing URL expression, with `{parameter}` for each value put into it ---------

const PARAMETER = /\$parameter((?:\["\w+"\])+)/;
const lastName = (access: string) => /\["(\w+)"\]$/.exec(access)?.[1] ?? '…';

/** One alternative of an expression: `"groups/" + encodeURIComponent(…$parameter["guid"]…)` → `groups/{guid}`. */
function renderConcatenation(expression: string): string | undefined {
	const parts = expression.split(/\s*\+\s*/).map((part) => {
		const text = part.trim();
		if (/^"[^"]*"$/.test(text)) return text.slice(1, -1);
		const parameter = PARAMETER.exec(text);
		return parameter ? `{${lastName(parameter[1])}}` : undefined;
	});
	return parts.every((part) => part !== undefined) ? parts.join('') : undefined;
}

/** Splits `condition ? a : b` at its top level (strings hold no `?` or `:` here, brackets may). */
function splitConditional(expression: string): [string, string] | undefined {
	let depth = 0;
	let question = -1;
	for (let i = 0; i < expression.length; i += 1) {
		const c = expression[i];
		if (c === '"') i = expression.indexOf('"', i + 1);
		else if ('([{'.includes(c)) depth += 1;
		else if (')]}'.includes(c)) depth -= 1;
		else if (depth === 0 && c === '?' && question < 0) question = i;
		else if (depth === 0 && c === ':' && question >= 0) return [expression.slice(question + 1, i), expression.slice(i + 1)];
	}
	return undefined;
}

function alternativesOf(expression: string): string[] | undefined {
	const conditional = splitConditional(expression);
	if (!conditional) {
		const single = renderConcatenation(expression);
		return single === undefined ? undefined : [single];
	}
	const [whenTrue, whenFalse] = conditional;
	const first = renderConcatenation(whenTrue);
	const rest = alternativesOf(whenFalse.trim());
	return first === undefined || rest === undefined ? undefined : [first, ...rest];
}

function renderPlaceholder(expression: string): string {
	const simplified = expression
		// A lookup table indexed by a parameter: the parameter names the part.
		.replace(/\{(?:"[^"]*":"[^"]*",?)+\}\[\$parameter\["(\w+)"\]\]/g, '$parameter["$1"]')
		.replace(/encodeURIComponent\(String\((\$parameter(?:\["\w+"\])+)\)\.trim\(\)\)/g, '$1')
		.replace(/String\((\$parameter(?:\["\w+"\])+)\)\.trim\(\)/g, '$1');
	const alternatives = alternativesOf(simplified.trim());
	if (!alternatives) {
		const names = [...new Set([...simplified.matchAll(/\$parameter((?:\["\w+"\])+)/g)].map((m) => lastName(m[1])))];
		return `{${names.join(', ') || '…'}}`;
	}
	if (alternatives.length === 1) return alternatives[0];
	const present = alternatives.filter((a) => a !== '');
	if (present.length === 1) return `[${present[0]}]`;
	return `(${[...new Set(present)].join(' | ')})${present.length < alternatives.length ? '?' : ''}`;
}

export function renderPath(url: string): string {
	if (!url.startsWith('=')) return url;
	return url.slice(1).replace(/\{\{([\s\S]*?)\}\}/g, (_, expression: string) => renderPlaceholder(expression));
}

// ---- markdown -----------------------------------------------------------------------------------------

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const anchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

function requestOf(option: INodePropertyOptions): string {
	const request = (option.routing as { request?: { method?: string; url?: string } } | undefined)?.request;
	return request?.url ? `\`${request.method ?? 'GET'} ${renderPath(request.url)}\`` : '—';
}

function nodeReference(description: INodeTypeDescription): string {
	const lines = [`## ${description.displayName}`, '', `${description.description}.`, ''];
	for (const resource of resourcesOf(description)) {
		lines.push(`### ${description.displayName}: ${resource.name}`, '', '| Operation | Action | Request | What it does |', '|---|---|---|---|');
		for (const operation of resource.operations) {
			lines.push(`| ${cell(operation.name)} | ${cell(operation.action ?? '')} | ${requestOf(operation)} | ${cell(operation.description ?? '')} |`);
		}
		lines.push('');
	}
	return lines.join('\n');
}

function triggerReference(description: INodeTypeDescription): string {
	const events = (description.properties.find((p) => p.name === 'events')?.options ?? []) as INodePropertyOptions[];
	const lines = [`## ${description.displayName}`, '', `${description.description}.`, '', '| Event | Trigger ID | When |', '|---|---|---|'];
	for (const event of events) lines.push(`| ${cell(event.name)} | \`${String(event.value)}\` | ${cell(event.description ?? '')} |`);
	return `${lines.join('\n')}\n`;
}

/** docs/operations.md */
export function renderOperations(root: string): string {
	const nodes = ACTION_NODES.map((node) => loadDescription(root, node));
	const trigger = loadDescription(root, TRIGGER);
	const header = [
		'# Operations reference',
		'',
		'<!-- Generated by `npm run docs` (scripts/docs.ts) from the built node descriptions in dist/. Do not edit by hand:',
		'     test/package/docs.test.ts fails when this file differs from what the nodes say. -->',
		'',
		'Every operation of every node of n8n-nodes-cometchat, as the nodes describe it. **Request** is the',
		'CometChat call an operation makes: `{name}` is the value of that field, `(a | b)` one of several',
		'paths chosen by the operation\'s fields, `[part]` a part sent only when its field is set. CometChat',
		'node requests go to `https://{appId}.api-{region}.cometchat.io/v3` (Call operations to the',
		'`call-{region}` host), CometChat Management requests to `https://apimgmt.cometchat.io`.',
		'',
		...[...nodes, trigger].map((d) => `- [${d.displayName}](#${anchor(d.displayName)})`),
		'',
	];
	return `${[...header, ...nodes.map(nodeReference), triggerReference(trigger)].join('\n')}`;
}

/** The README's summary: one table per node, its resources and their operations. */
export function renderSummary(root: string): string {
	const lines: string[] = [];
	for (const node of ACTION_NODES) {
		const description = loadDescription(root, node);
		const resources = resourcesOf(description);
		const count = resources.reduce((n, r) => n + r.operations.length, 0);
		if (node.brief) {
			const list = resources.map((r) => `${r.name} (${r.operations.length})`).join(', ');
			lines.push(`**${description.displayName}** (${count} operations; also an AI agent tool): ${list}.`, '');
			continue;
		}
		lines.push(`**${description.displayName}** (${count} operation${count === 1 ? '' : 's'}; also an AI agent tool)`, '', '| Resource | Operations |', '|---|---|');
		for (const resource of resources) lines.push(`| ${resource.name} | ${resource.operations.map((o) => o.name).join(', ')} |`);
		lines.push('');
	}
	const trigger = loadDescription(root, TRIGGER);
	const events = ((trigger.properties.find((p) => p.name === 'events')?.options ?? []) as INodePropertyOptions[]).filter((e) => e.value !== '*');
	const registration = (trigger.properties.find((p) => p.name === 'registration')?.options ?? []) as INodePropertyOptions[];
	const bot = registration.some((option) => option.value === 'bot') ? ', or on messages sent to one of your bots' : '';
	lines.push(`**${trigger.displayName}**: starts a workflow on any of CometChat's ${events.length} webhook events (or all of them)${bot}.`);
	return lines.join('\n');
}

/** README.md with its summary block replaced by `summary`. */
export function withSummary(readme: string, summary: string): string {
	const start = readme.indexOf(README_START);
	const end = readme.indexOf(README_END);
	if (start < 0 || end < start) throw new Error(`README.md lacks the ${README_START} … ${README_END} markers`);
	return `${readme.slice(0, start + README_START.length)}\n${summary}\n${readme.slice(end)}`;
}

if (require.main === module) {
	writeFileSync(join(ROOT, 'docs', 'operations.md'), renderOperations(ROOT));
	const readmePath = join(ROOT, 'README.md');
	writeFileSync(readmePath, withSummary(readFileSync(readmePath, 'utf8'), renderSummary(ROOT)));
	process.stdout.write('docs: wrote docs/operations.md and the operations summary in README.md\n');
}
