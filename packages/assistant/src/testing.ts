/** Test data other workspaces' tests use: scenario files with known mistakes and effects. */
import { fileURLToPath } from 'node:url';

/** broken-step.yaml (invalid), effects.yaml and greeting.yaml. */
export const TEST_SCENARIOS_DIR = fileURLToPath(new URL('./scenarios/test-scenarios', import.meta.url));
