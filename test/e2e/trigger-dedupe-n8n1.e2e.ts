/**
 * The CometChat Trigger's duplicate check in the newest real n8n 1.x on one process, the same
 * scenario as on n8n 2.x: see test/e2e/n8n/trigger-duplicates.ts.
 */
import { triggerDuplicatesScenario } from './n8n/trigger-duplicates';

triggerDuplicatesScenario('n8n1');
