/**
 * Scripted scenarios (see ../../scenarios/README.md): the file format, its loader and the folder
 * library. Exported as `@chat/mock-server/scenarios` for the demo CLI (scripts/demo/), which reads
 * the same files the server plays.
 */
export { createScenarioLibrary, DEFAULT_SCENARIOS_DIR } from './scenario-library.js';
export type { ScenarioLibrary, ScenarioListing } from './scenario-library.js';
export {
  loadScenarioFile,
  MAX_ALIAS_COUNT,
  MAX_SCENARIO_FILE_BYTES,
  parseScenarioText,
  scenarioIdOf,
  SCENARIO_ID,
} from './load-scenario.js';
export { scenariosFolderProblem } from './scenarios-folder.js';
export type { ScenarioLoad } from './load-scenario.js';
export {
  approvedFixtureOf,
  businessIdOf,
  inlineBusinessOf,
  ScenarioFileSchema,
  parseDuration,
} from './scenario-schema.js';
export type { ScenarioFile, Step, StepTrigger } from './scenario-schema.js';
export { closestName, unknownScenarioMessage } from './closest-name.js';
// The fixtures' businesses, so that `demo list` can name a scenario's unknown business without a server.
export { loadFixtures } from '../store/fixtures.js';
