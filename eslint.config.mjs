// Lints the way n8n's community-package scanner (@n8n/scan-community-package) does: the same plugins,
// rule sets and off-switches over package.json, nodes/ and credentials/. `scanConfig` is also used by
// scripts/lint-tarball.mjs for the scanner's second leg (the compiled JS in the npm tarball).
// Tests get TypeScript's recommended rules only: they may use Node, nock and n8n-core freely.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const parser = tseslint.parser;

export const scanConfig = [
	n8nCommunityNodesPlugin.configs.recommended,
	{ rules: { 'no-console': 'error' } },
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{ files: ['package.json'], rules: { ...n8nNodesBase.configs.community.rules } },
	{
		files: ['**/credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['**/nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	{ files: ['**/*.json'], languageOptions: { parser } },
	{ files: ['**/*.ts'], languageOptions: { parser } },
];

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.cache/**', 'coverage/**'] },
	...scanConfig.map((block) =>
		block.files ? block : { ...block, files: ['package.json', 'nodes/**/*.ts', 'credentials/**/*.ts'] },
	),
	...tseslint.configs.recommended.map((block) => ({ ...block, files: ['test/**/*.ts', 'scripts/**/*.ts'] })),
];
