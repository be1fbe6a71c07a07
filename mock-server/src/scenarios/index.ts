/**
 * Scripted scenarios (see ../../scenarios/README.md): the file format, its loader and the folder
 * library. Exported as `@chat/mock-server/scenarios` for the demo CLI (scripts/demo/), which reads
 * the same files the server plays.
 */
export { createScenarioLibrary, DEFAULT_SCENARIOS_DIR, businessIdOf } from './scenario-library.js';
export type { ScenarioLibrary, ScenarioListing } from './scenario-library.js';
export { loadScenarioFile, parseScenarioText, scenarioIdOf, SCENARIO_ID } from './load-scenario.js';
export type { ScenarioLoad } from './load-scenario.js';
export { ScenarioFileSchema, parseDuration } from './scenario-schema.js';
export type { ScenarioFile, Step, StepTrigger } from './scenario-schema.js';
export { closestName, unknownScenarioMessage } from './closest-name.js';
