/** Test data other workspaces' tests use: scenario files with known mistakes and effects. */
import { fileURLToPath } from 'node:url';

/** broken-step.yaml (invalid), effects.yaml and greeting.yaml. */
export const TEST_SCENARIOS_DIR = fileURLToPath(new URL('./scenarios/test-scenarios', import.meta.url));
// The built-in assistant's test business and conversation, for the language-model assistant's tests too.
export { CONVERSATION, message, messageInput, MONDAY_MORNING_NY, SALON } from './assistant-test-fixtures.js';
