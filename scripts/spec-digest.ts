/**
 * Writes the facts the tests need from CometChat's OpenAPI files, not the files themselves (they are
 * CometChat's, not ours to redistribute):
 *
 *   npm run spec:digest -- <folder with the SPEC_FILES below>
 *
 * into test/package/spec-digest.json: per file, each operation's method, path, tag and operationId; its
 * parameters (name, in, required, style/explode, schema); its request body's schemas per media type.
 * Schemas keep only type, format, enum, required, properties, items, allOf/oneOf/anyOf (and a oneOf's
 * discriminator property name), nullable, additionalProperties and the numeric and length bounds; $refs are resolved in place (the specs have no
 * cycles); descriptions, examples, defaults and responses are left out. Refs the files do not define
 * (chat-apis.json's moderation operations name parameters it lacks) are left out too. Keys are sorted and
 * operations ordered by path and method, so the same files always give the same bytes.
 * test/package/specDigest.test.ts regenerates the digest from ../shared/reference/cometchat-openapi/ when that
 * folder is present and expects it to equal the committed one.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;

/** The files the nodes call, in the order the tests read them. */
export const SPEC_FILES = [
	'chat-apis.json',
	'calls.json',
	'data-import-apis.json',
	'management-apis.json',
	'ai-agent-service.json',
	'campaigns-apis.json',
];
export const DIGEST_FILE = join(__dirname, '..', 'test', 'package', 'spec-digest.json');

export interface DigestSchema {
	type?: string;
	format?: string;
	enum?: unknown[];
	nullable?: boolean;
	required?: string[];
	properties?: Record<string, DigestSchema>;
	items?: DigestSchema;
	additionalProperties?: boolean | DigestSchema;
	allOf?: DigestSchema[];
	oneOf?: DigestSchema[];
	anyOf?: DigestSchema[];
	/** The property whose value picks the oneOf variant (each variant's enum of it names its value). */
	discriminator?: string;
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	minItems?: number;
	maxItems?: number;
	pattern?: string;
}
export interface DigestParameter {
	name: string;
	in: string;
	required?: boolean;
	style?: string;
	explode?: boolean;
	schema?: DigestSchema;
}
export interface DigestOperation {
	method: string;
	path: string;
	tag?: string;
	operationId?: string;
	parameters: DigestParameter[];
	requestBody?: { required?: boolean; content: Record<string, DigestSchema> };
}
export interface Digest {
	about: string;
	files: Record<string, { operations: DigestOperation[] }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const COPIED = ['type', 'format', 'enum', 'nullable', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern'] as const;

/** The digest of the spec files in `folder` (those of SPEC_FILES that are there). */
export function specDigest(folder: string): Digest {
	const present = new Set(readdirSync(folder));
	const files: Digest['files'] = {};
	for (const file of SPEC_FILES.filter((name) => present.has(name))) {
		files[file] = { operations: digestDocument(JSON.parse(readFileSync(join(folder, file), 'utf8'))) };
	}
	return {
		about: "Facts from CometChat's OpenAPI files (not the files): made by `npm run spec:digest -- <folder>` (scripts/spec-digest.ts); do not edit by hand.",
		files,
	};
}

function digestDocument(doc: Json): DigestOperation[] {
	const lookup = (node: Json): Json => {
		let current = node;
		for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
			if (hops > 50) throw new Error(`$ref cycle at ${node.$ref}`);
			current = current.$ref
				.replace(/^#\//, '')
				.split('/')
				.reduce((object: Json, key: string) => object?.[key], doc);
		}
		return current;
	};
	const schemaOf = (node: Json, depth = 0): DigestSchema | undefined => {
		if (depth > 60) throw new Error('schema nested too deep (a $ref cycle?)');
		const s = lookup(node);
		if (!s || typeof s !== 'object') return undefined;
		const out: DigestSchema = {};
		for (const key of COPIED) if (s[key] !== undefined) (out as Json)[key] = s[key];
		if (Array.isArray(s.required) && s.required.length) out.required = [...new Set<string>(s.required)].sort();
		if (s.properties && typeof s.properties === 'object') {
			out.properties = {};
			for (const [name, property] of Object.entries(s.properties)) {
				const digested = schemaOf(property, depth + 1);
				if (digested) out.properties[name] = digested;
			}
		}
		if (s.items !== undefined) out.items = schemaOf(s.items, depth + 1) ?? {};
		if (typeof s.additionalProperties === 'boolean') out.additionalProperties = s.additionalProperties;
		else if (s.additionalProperties) out.additionalProperties = schemaOf(s.additionalProperties, depth + 1) ?? {};
		if (typeof s.discriminator?.propertyName === 'string') out.discriminator = s.discriminator.propertyName;
		for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
			if (Array.isArray(s[key])) out[key] = s[key].map((part: Json) => schemaOf(part, depth + 1)).filter((part: DigestSchema | undefined): part is DigestSchema => part !== undefined);
		}
		return out;
	};
	const parameterOf = (node: Json): DigestParameter | undefined => {
		const p = lookup(node);
		if (!p || typeof p !== 'object' || typeof p.name !== 'string') return undefined;
		const out: DigestParameter = { name: p.name, in: p.in };
		if (p.required === true) out.required = true;
		if (p.style !== undefined) out.style = p.style;
		if (p.explode !== undefined) out.explode = p.explode;
		const schema = p.schema ? schemaOf(p.schema) : undefined;
		if (schema) out.schema = schema;
		return out;
	};

	const operations: DigestOperation[] = [];
	for (const [path, item] of Object.entries(doc.paths ?? {}) as Array<[string, Json]>) {
		for (const method of METHODS.filter((m) => item[m])) {
			const operation = item[method];
			// Path-level parameters apply unless the operation redefines them (same name and place).
			const own = (operation.parameters ?? []).map(parameterOf).filter(Boolean) as DigestParameter[];
			const shared = ((item.parameters ?? []).map(parameterOf).filter(Boolean) as DigestParameter[]).filter(
				(p) => !own.some((o) => o.name === p.name && o.in === p.in),
			);
			const digested: DigestOperation = {
				method: method.toUpperCase(),
				path,
				...(operation.tags?.[0] !== undefined ? { tag: operation.tags[0] } : {}),
				...(operation.operationId !== undefined ? { operationId: operation.operationId } : {}),
				parameters: [...own, ...shared],
			};
			const body = lookup(operation.requestBody);
			if (body && typeof body === 'object') {
				const content: Record<string, DigestSchema> = {};
				for (const [type, media] of Object.entries(body.content ?? {}) as Array<[string, Json]>) content[type] = schemaOf(media?.schema) ?? {};
				digested.requestBody = { ...(body.required === true ? { required: true } : {}), content };
			}
			operations.push(digested);
		}
	}
	const order = (op: DigestOperation) => `${op.path} ${METHODS.indexOf(op.method.toLowerCase())}`;
	return operations.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/**
 * JSON with every object's keys sorted (arrays keep their order: parameters and enums as the spec lists
 * them), one operation a line: compact, and a change to the spec shows as the lines of its operations.
 */
export function serializeDigest(digest: Digest): string {
	const sorted = (value: Json): Json => {
		if (Array.isArray(value)) return value.map(sorted);
		if (value && typeof value === 'object') {
			return Object.fromEntries(
				Object.keys(value)
					.sort()
					.map((key) => [key, sorted(value[key])]),
			);
		}
		return value;
	};
	const files = Object.keys(digest.files)
		.sort()
		.map((file) => `\t${JSON.stringify(file)}: {"operations": [\n${digest.files[file].operations.map((op) => `\t\t${JSON.stringify(sorted(op))}`).join(',\n')}\n\t]}`);
	return `{\n"about": ${JSON.stringify(digest.about)},\n"files": {\n${files.join(',\n')}\n}}\n`;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

if (require.main === module) {
	const folder = process.argv[2];
	if (!folder) {
		process.stderr.write('Usage: npm run spec:digest -- <folder with CometChat\'s OpenAPI files>\n');
		process.exit(1);
	}
	const digest = specDigest(folder);
	if (!Object.keys(digest.files).length) {
		process.stderr.write(`None of ${SPEC_FILES.join(', ')} is in ${folder}\n`);
		process.exit(1);
	}
	writeFileSync(DIGEST_FILE, serializeDigest(digest));
	process.stdout.write(`${DIGEST_FILE}: ${Object.values(digest.files).reduce((n, f) => n + f.operations.length, 0)} operations from ${Object.keys(digest.files).join(', ')}\n`);
}
