/**
 * The CometChat Trigger's duplicate check in a real n8n 2.x (2.41) on one process: see
 * test/e2e/n8n/trigger-duplicates.ts. n8n 2.x answers an "onReceived" webhook only after it started
 * the execution, which is where the trigger's seen-set used to go unsaved.
 */
import { triggerDuplicatesScenario } from './n8n/trigger-duplicates';

triggerDuplicatesScenario('n8n2');
