/**
 * The words of a node's description as n8n's UX guidelines for nodes ask them, and as an AI agent reads
 * them when the node is one of its tools: what is wrong, as sentences (none: it reads well).
 */
import type { INodeProperties, INodePropertyOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

// Words n8n keeps lower case inside a Title Case name ("Get for Campaign", "Mark as Read").
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'per', 'the', 'to', 'with']);
// Resources whose singular is their plural.
const UNCOUNTABLE = ['Analytics'];
// The verbs an operation's action starts with: an agent reads "<action> in <node>" as what the tool does.
export const ACTION_VERBS = [
	'Add', 'Archive', 'Cancel', 'Count', 'Crawl', 'Create', 'Delete', 'Get', 'Mark', 'Process', 'Remove', 'Report', 'Retry', 'Schedule',
	'Scrape', 'Search', 'Send', 'Update', 'Upload',
];

const isTitleCase = (text: string) =>
	text
		.replace(/\(JSON\)/g, '')
		.split(/\s+/)
		.filter(Boolean)
		.every((word, index) => /^[A-Z0-9(]/.test(word) || (index > 0 && SMALL_WORDS.has(word)));
// One sentence ends without a period (n8n's guidelines); several keep theirs.
const endsLikeOneSentence = (text: string) => !/\.$/.test(text) || /\. [A-Z]/.test(text);

const optionsOf = (property: INodeProperties) => (property.options ?? []) as INodePropertyOptions[];
/** Every parameter, the entries of collections and fixed collections included. */
function walk(list: INodeProperties[]): INodeProperties[] {
	return list.flatMap((p) => [
		p,
		...walk((p.options ?? []).filter((o): o is INodeProperties => 'type' in o)),
		...walk((p.options ?? []).flatMap((o) => ('values' in o ? o.values : []))),
	]);
}

/** `Resource → Operation` names across the given nodes, as descriptions refer to them. */
export function operationNames(types: INodeType[]): Set<string> {
	const pairs = new Set<string>();
	for (const { description } of types) {
		for (const resource of optionsOf(description.properties.find((p) => p.name === 'resource')!)) {
			for (const operation of description.properties.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value as string))) {
				for (const option of optionsOf(operation)) pairs.add(`${resource.name} → ${option.name}`);
			}
		}
	}
	return pairs;
}

/** The node's properties shown for these resources (all of them when none are given). */
export function propertiesOf(description: INodeTypeDescription, resources?: string[]): INodeProperties[] {
	if (!resources) return description.properties;
	return description.properties.filter((p) => p.name !== 'resource' && p.displayOptions?.show?.resource?.some((r) => resources.includes(r as string)));
}

/**
 * n8n's UX rules for the words: singular, Title Case resources; Title Case operation and field names; an
 * action sentence (a verb, no final period) and a description that says more than the action, for every
 * operation; a description for every field but a collection; booleans that start with "Whether";
 * placeholders as examples ("e.g. …", a picker's "Select …"); a picker's list that the node can search;
 * n8n's Limit and Return All; every "Resource → Operation" a text names is one of `known`.
 */
export function textProblems(type: INodeType, known: Set<string>, resources?: string[]): string[] {
	const { description } = type;
	const properties = propertiesOf(description, resources);
	const problems: string[] = [];
	if (!resources) {
		for (const resource of optionsOf(description.properties.find((p) => p.name === 'resource')!)) {
			if (!isTitleCase(resource.name)) problems.push(`resource ${resource.name}: not Title Case`);
			if (/s$/.test(resource.name) && !UNCOUNTABLE.includes(resource.name)) problems.push(`resource ${resource.name}: plural`);
		}
	}
	for (const operation of properties.filter((p) => p.name === 'operation')) {
		const resource = operation.displayOptions?.show?.resource?.join(',');
		for (const option of optionsOf(operation)) {
			const at = `${resource} → ${option.name}`;
			if (!isTitleCase(option.name)) problems.push(`${at}: name not Title Case`);
			const action = option.action ?? '';
			if (!ACTION_VERBS.includes(action.split(' ')[0])) problems.push(`${at}: action "${action}" does not start with a verb`);
			if (/\.$/.test(action)) problems.push(`${at}: action ends with a period`);
			if (!option.description) problems.push(`${at}: no description`);
			else {
				if (option.description.toLowerCase() === action.toLowerCase()) problems.push(`${at}: description only repeats the action`);
				if (!endsLikeOneSentence(option.description)) problems.push(`${at}: description ends with a period`);
			}
		}
	}
	// n8n's Request Options (its loader adds them to declarative nodes) are n8n's words, not the node's.
	for (const property of walk(properties.filter((p) => p.name !== 'requestOptions'))) {
		const at = `${property.name} (${property.displayName})`;
		const texts = [property.description, property.hint, property.type === 'notice' ? property.displayName : undefined].filter((t): t is string => Boolean(t));
		for (const text of texts) {
			for (const [, left, right] of text.matchAll(/([A-Z][A-Za-z ]*?) → ([A-Z][A-Za-z ]*[A-Za-z])/g)) {
				// The longest names that fit: "the Agent → Get Models lists them" names Agent → Get Models.
				const l = left.split(' ');
				const r = right.split(' ');
				const found = l.some((_, i) => r.some((__, j) => known.has(`${l.slice(i).join(' ')} → ${r.slice(0, j + 1).join(' ')}`)));
				if (!found) problems.push(`${at}: refers to "${left} → ${right}", which no node has`);
			}
		}
		if (property.type === 'notice') continue;
		if (['resource', 'operation'].includes(property.name)) continue;
		if (!isTitleCase(property.displayName)) problems.push(`${at}: display name not Title Case`);
		if (!property.description && property.type !== 'collection' && property.type !== 'fixedCollection') problems.push(`${at}: no description`);
		if (property.description && !endsLikeOneSentence(property.description)) problems.push(`${at}: description ends with a period`);
		if (property.type === 'boolean' && !/^Whether /.test(property.description ?? '')) problems.push(`${at}: boolean description does not start with "Whether"`);
		const collection = property.type === 'collection' || property.type === 'fixedCollection';
		// A collection's placeholder is its button ("Add Option"); n8n's own example for an email field is name@email.com.
		if (property.placeholder && !collection && !/^e\.g\. /.test(property.placeholder) && property.placeholder !== 'name@email.com') problems.push(`${at}: placeholder "${property.placeholder}" is no example`);
		for (const mode of property.modes ?? []) {
			const method = mode.typeOptions?.searchListMethod;
			if (mode.type === 'list' && !(method && type.methods?.listSearch?.[method])) problems.push(`${at}: its list searches ${String(method)}, which the node lacks`);
			if (mode.type === 'list' && !/^Select an? /.test(mode.placeholder ?? '')) problems.push(`${at}: list placeholder "${mode.placeholder}"`);
			if (mode.type === 'string' && !/^e\.g\. /.test(mode.placeholder ?? '')) problems.push(`${at}: ${mode.name} placeholder "${mode.placeholder}" is no example`);
		}
		if (property.name === 'limit' && (property.default !== 50 || property.typeOptions?.minValue !== 1)) problems.push(`${at}: not n8n's Limit (50, at least 1)`);
		if (property.name === 'returnAll' && property.description !== 'Whether to return all results or only up to a given limit') problems.push(`${at}: not n8n's Return All`);
	}
	return problems;
}

/**
 * What an AI agent is told each operation does when the node is its tool and the tool's description is
 * left to n8n (Tool Description: Set Automatically): n8n's own makeDescription, per resource and operation.
 */
export function toolSentences(description: INodeTypeDescription, resources?: string[]): Array<{ resource: string; operation: string; action: string; sentence: string }> {
	const list: Array<{ resource: string; operation: string; action: string; sentence: string }> = [];
	for (const resource of optionsOf(description.properties.find((p) => p.name === 'resource')!)) {
		if (resources && !resources.includes(resource.value as string)) continue;
		for (const operation of description.properties.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value as string))) {
			for (const option of optionsOf(operation)) {
				const parameters = { resource: resource.value as string, operation: option.value as string };
				list.push({ ...parameters, action: option.action ?? '', sentence: NodeHelpers.makeDescription(parameters, description) });
			}
		}
	}
	return list;
}
