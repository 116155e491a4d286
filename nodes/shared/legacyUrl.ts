/*
 * The parts of Node's legacy `url.parse()` that n8n's RoutingNode reads from the Request Options proxy
 * (n8n-core routing-node.js, 1.x and 2.x alike: protocol, auth, host, hostname, port). A port of its
 * authority parsing, because the WHATWG `URL` reads proxies differently (it drops a default port, so
 * `http://proxy:80` had no port; it keeps `[::1]` in brackets; it leaves `%3A` in the password encoded)
 * and community nodes may not import `node:url`. test/shared/router.test.ts holds it to `url.parse`.
 */

import { NodeOperationError, type INode } from 'n8n-workflow';

export interface LegacyUrl {
	protocol: string | null;
	auth: string | null;
	/** null when `url.parse` found no authority at all (RoutingNode then refuses the proxy: "host"). */
	host: string | null;
	hostname: string | null;
	port: string | null;
}

const PROTOCOL = /^[a-z0-9.+-]+:/i;
const PORT = /:[0-9]*$/;
const HOST_WITH_AUTH = /^\/\/[^@/]+@[^@/]+/;
const SIMPLE_PATH = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/;
const HOSTLESS = new Set(['javascript', 'javascript:']);
const SLASHED = new Set(['http', 'http:', 'https', 'https:', 'ftp', 'ftp:', 'gopher', 'gopher:', 'file', 'file:', 'ws', 'ws:', 'wss', 'wss:']);
const FORBIDDEN_HOST = /[\0\t\n\r #%/:<>?@[\\\]^|]/;
const FORBIDDEN_HOST_IPV6 = /[\0\t\n\r #%/<>?@\\^|]/;
/** Characters RFC 2396 never allows in a host: the host stops before the first of them. */
const NON_HOST = new Set([' ', '"', '%', "'", ';', '<', '>', '\\', '^', '`', '{', '|', '}']);

/**
 * `url.parse(url)`'s protocol, auth, host, hostname and port; throws where it throws ("Invalid URL",
 * "URI malformed"), with the node (RoutingNode wraps url.parse's error in a NodeOperationError alike).
 */
export function legacyParse(url: string, node: INode | null): LegacyUrl {
	const invalid = () => new NodeOperationError(node as INode, 'Invalid URL');
	const result: LegacyUrl = { protocol: null, auth: null, host: null, hostname: null, port: null };
	// Trimmed of whitespace (and control characters) at both ends; backslashes before ? or # become slashes.
	const isSpace = (code: number) => code < 33 || code === 0xa0 || code === 0xfeff;
	let start = 0;
	let end = url.length;
	while (start < end && isSpace(url.charCodeAt(start))) start++;
	while (end > start && isSpace(url.charCodeAt(end - 1))) end--;
	let rest = url.slice(start, end);
	const split = rest.search(/[?#]/);
	const head = split === -1 ? rest : rest.slice(0, split);
	const hasAt = head.includes('@');
	const hasHash = rest.includes('#');
	rest = head.replace(/\\/g, '/') + (split === -1 ? '' : rest.slice(split));
	if (!hasHash && !hasAt && SIMPLE_PATH.test(rest)) return result;

	const proto = PROTOCOL.exec(rest)?.[0];
	const lowerProto = proto?.toLowerCase();
	if (proto) {
		result.protocol = lowerProto!;
		rest = rest.slice(proto.length);
	}
	let slashes = false;
	if (proto || HOST_WITH_AUTH.test(rest)) {
		slashes = rest.startsWith('//');
		if (slashes && !(proto && HOSTLESS.has(lowerProto!))) rest = rest.slice(2);
	}
	if (HOSTLESS.has(lowerProto ?? '') || !(slashes || (proto && !SLASHED.has(proto)))) return result;

	let hostEnd = -1;
	let atSign = -1;
	let nonHost = -1;
	for (let i = 0; i < rest.length && hostEnd === -1; i++) {
		const char = rest[i];
		if (char === '\t' || char === '\n' || char === '\r') {
			rest = rest.slice(0, i) + rest.slice(i + 1);
			i--;
		} else if (NON_HOST.has(char)) {
			if (nonHost === -1) nonHost = i;
		} else if (char === '#' || char === '/' || char === '?') {
			if (nonHost === -1) nonHost = i;
			hostEnd = i;
		} else if (char === '@') {
			atSign = i;
			nonHost = -1;
		}
	}
	let hostStart = 0;
	if (atSign !== -1) {
		result.auth = decodeURIComponent(rest.slice(0, atSign));
		hostStart = atSign + 1;
	}
	let host = nonHost === -1 ? rest.slice(hostStart) : rest.slice(hostStart, nonHost);
	const port = PORT.exec(host)?.[0];
	if (port !== undefined) {
		if (port !== ':') result.port = port.slice(1);
		host = host.slice(0, host.length - port.length);
	}
	let hostname = host;
	const ipv6 = hostname.startsWith('[') && hostname.endsWith(']');
	if (!ipv6) {
		const cut = hostname.search(/[/\\#?:]/);
		if (cut !== -1) hostname = hostname.slice(0, cut);
	}
	hostname = hostname.length > 255 ? '' : hostname.toLowerCase();
	if (hostname !== '') {
		if (ipv6 ? FORBIDDEN_HOST_IPV6.test(hostname) : FORBIDDEN_HOST.test(hostname)) throw invalid();
		// url.parse's IDNA (domainToASCII): the WHATWG host parser's, for names that are not plain ASCII.
		if (!ipv6 && [...hostname].some((char) => char.charCodeAt(0) > 0x7f)) {
			try {
				hostname = new URL(`http://${hostname}`).hostname;
			} catch {
				throw invalid();
			}
		}
	}
	result.host = hostname + (result.port ? `:${result.port}` : '');
	result.hostname = ipv6 ? hostname.slice(1, -1) : hostname;
	return result;
}
