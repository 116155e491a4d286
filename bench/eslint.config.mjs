// Development code: the same rules as the tests (see test/eslint.config.mjs, which says why one file).
export { default } from '../test/eslint.config.mjs';
