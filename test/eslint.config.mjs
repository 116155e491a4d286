// ESLint for development code: the tests here, and scripts/ and bench/ (their eslint.config.mjs re-export
// this one). `npm run lint` runs `n8n-node lint` with ESLint's per-file configuration lookup
// (ESLINT_FLAGS=unstable_config_lookup_from_file, ESLint 9.29 as @n8n/node-cli pins it), so each file
// takes the nearest eslint.config.mjs: n8n's default one at the root for package.json, nodes/ and
// credentials/, this one below it. Development code never ships; it needs Node (fs, http, child
// processes), n8n-core and fixture secrets, which n8n's community-node rules rightly forbid in nodes.
// TypeScript's recommended rules still apply.
//
// One file on purpose: each module that reads `tseslint.configs` registers its folder as a candidate
// tsconfig root, and with several candidates typescript-estree refuses the bare parse() that n8n's
// lint plugin uses to read package.json's credentials (no-credential-reuse, credential-test-required
// then fail on correct code).
import tseslint from 'typescript-eslint';

export default tseslint.config({ files: ['**/*.ts'], extends: [tseslint.configs.recommended] });
