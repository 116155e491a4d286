/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] },
	setupFiles: ['<rootDir>/test/harness/setup-env.ts'],
	cacheDirectory: '<rootDir>/.cache/jest',
	testTimeout: 30000,
	reporters: ['default', '<rootDir>/test/harness/summary-reporter.js'],
};
