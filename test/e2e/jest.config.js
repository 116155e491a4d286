/**
 * `npm run test:e2e` (after the real n8n installs are in place): the *.e2e.ts files in this folder, two
 * at a time, each against its own real n8n. Not part of `npm test`, whose config matches *.test.ts only.
 * @type {import('jest').Config}
 */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.ts'],
	// Whether this machine can run the selected files: one clear message before any n8n starts.
	globalSetup: '<rootDir>/test/e2e/n8n/environment.ts',
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] },
	cacheDirectory: '<rootDir>/.cache/jest-e2e',
	// Two files at once: much of an e2e file's time is waiting (n8n starting, its wait tracker's minute,
	// CometChat's retry delays), not computing.
	maxWorkers: 2,
	testTimeout: 600000,
	reporters: ['default', '<rootDir>/test/harness/summary-reporter.js'],
};
