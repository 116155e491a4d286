/**
 * The differential run (differentialSuite.ts) on another n8n-core and n8n-workflow than the
 * devDependencies: those installed in $DIFFERENTIAL_N8N_DIR by `npm run differential:latest`
 * (scripts/differential-latest.mjs), the newest in the registry. Not part of `npm test` (its name does not
 * end in .test.ts): it needs that install. Every `n8n-workflow` loaded is that one copy, n8n-core's own included.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
jest.mock('n8n-workflow', () => jest.requireActual(require('path').join(process.env.DIFFERENTIAL_N8N_DIR ?? '', 'node_modules/n8n-workflow')));
jest.mock('n8n-core', () => jest.requireActual(require('path').join(process.env.DIFFERENTIAL_N8N_DIR ?? '', 'node_modules/n8n-core')));
import { describeDifferential } from './differentialSuite';

describeDifferential(2);
