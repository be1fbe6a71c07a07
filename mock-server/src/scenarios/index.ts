/**
 * What the demo CLI (scripts/demo/) needs from the mock server besides @chat/assistant's scenario
 * format: the folder of shipped scenarios, and the fixtures' businesses, so that `demo list` can name
 * a scenario's unknown business without a server. Exported as `@chat/mock-server/scenarios`.
 */
export { DEFAULT_SCENARIOS_DIR } from './scenarios-dir.js';
export { loadFixtures } from '../store/fixtures.js';
