const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	// Jest's default (cores − 1) is one worker on a 2-core CI machine. Most of a test file's time is spent
	// waiting (real backoff and settle timers, the emulator's answers) or loading modules, so two workers
	// there take 360 s where one took 640 s, with the same results.
	maxWorkers: Math.max(2, availableParallelism() - 1),
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.jest.json' }] },
	setupFiles: ['<rootDir>/test/harness/setup-env.ts'],
	cacheDirectory: '<rootDir>/.cache/jest',
	testTimeout: 30000,
	reporters: ['default', '<rootDir>/test/harness/summary-reporter.js'],
};
