/**
 * test/package/spec-digest.json holds the facts of CometChat's OpenAPI files that the contract, hostile and
 * property tests check requests against. Where the files are beside the repository
 * (../shared/reference/cometchat-openapi/, in CI and on developers' machines), the digest is made again
 * from them and must equal the committed one: a newer spec shows up here, and `npm run spec:digest --
 * <folder>` brings the digest up to date. This is the one test that reads outside the repository; on a
 * bare clone it skips and says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIGEST_FILE, serializeDigest, SPEC_FILES, specDigest } from '../../scripts/spec-digest';

const SPEC_DIR = join(__dirname, '..', '..', '..', 'shared', 'reference', 'cometchat-openapi');
const present = SPEC_FILES.every((file) => existsSync(join(SPEC_DIR, file)));

describe("the spec digest (test/package/spec-digest.json) against CometChat's OpenAPI files", () => {
	if (!present) {
		process.stderr.write(`specDigest.test.ts: the comparison is skipped, CometChat's OpenAPI files are not at ${SPEC_DIR}\n`);
		it.skip(`equals the digest of the files (skipped: they are not at ${SPEC_DIR})`, () => undefined);
		return;
	}

	it('equals the digest made from the files now (else: npm run spec:digest -- ../shared/reference/cometchat-openapi)', () => {
		expect(readFileSync(DIGEST_FILE, 'utf8')).toBe(serializeDigest(specDigest(SPEC_DIR)));
	});

	it('is made the same way twice, and keeps no prose or examples', () => {
		const text = serializeDigest(specDigest(SPEC_DIR));
		expect(serializeDigest(specDigest(SPEC_DIR))).toBe(text);
		// (A body field may be called "description": its schema is an object, never prose.)
		expect(text).not.toMatch(/"(description|example|examples|summary|default|title)":(?!\{)/);
		// Every operation of every file is there, with its method and path.
		for (const file of SPEC_FILES) {
			const doc = JSON.parse(readFileSync(join(SPEC_DIR, file), 'utf8'));
			const expected = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
				Object.keys(item)
					.filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
					.map((method) => `${method.toUpperCase()} ${path}`),
			);
			const digested = specDigest(SPEC_DIR).files[file].operations.map((op) => `${op.method} ${op.path}`);
			expect(digested.sort()).toEqual(expected.sort());
		}
	});
});
