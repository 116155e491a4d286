/**
 * Alphabetical order of option and field names (n8n's UX asks for sorted options), ignoring case.
 * Not localeCompare: its first call starts ICU's collator, a sixth of the package's load time
 * (BENCHMARKS.md, Footprint), and these names are plain English.
 */
export function compareNames(a: string, b: string): number {
	const x = a.toLowerCase(); // not a destructured pair: sorting runs at every load, in V8's interpreter
	const y = b.toLowerCase();
	if (x !== y) return x < y ? -1 : 1;
	return a < b ? -1 : a > b ? 1 : 0;
}
