/**
 * The assistant both chat services use (the mock server's and the production one in
 * packages/chat-service): the shared interface (README.md), the built-in rule-based assistant, and
 * the scenario engine with its file format, loader and folder library.
 */
export type {
  Assistant,
  AssistantInput,
  AssistantMemory,
  AssistantRequest,
  AssistantTurn,
  ReplyWriter,
  TeamRequest,
  TurnAssistant,
  TurnEffects,
  TurnInterrupt,
  TurnStreaming,
} from './assistant-types.js';
export { playTurn, turnAssistant } from './play-turn.js';
export { createBuiltInAssistant } from './built-in/index.js';
// The building blocks the language-model assistant's tools reuse (packages/llm-assistant).
export { openStatus } from './built-in/open-status.js';
export type { NextOpening, OpenStatus } from './built-in/open-status.js';
export {
  formatDay,
  formatTime,
  sameWallClock,
  timeZoneLabel,
  weekdayLabel,
} from './built-in/format-hours.js';
export { mapsUrl } from './built-in/markdown-text.js';
export { nextOpeningText } from './built-in/answers/hours.js';
export { phoneSignInInterrupt } from './built-in/answers/booking.js';
export { interruptRef } from './built-in/respond-to-message.js';
export { createScenarioEngine, playScenario, scenarioProgress } from './scenarios/scenario-engine.js';
export { scenarioOrDefault } from './scenarios/scenario-or-default.js';
export type { BoundScenario, ScenarioProgress } from './scenarios/scenario-engine.js';
export { createScenarioLibrary } from './scenarios/scenario-library.js';
export type { ScenarioLibrary, ScenarioListing } from './scenarios/scenario-library.js';
export {
  loadScenarioFile,
  MAX_ALIAS_COUNT,
  MAX_SCENARIO_FILE_BYTES,
  parseScenarioText,
  scenarioIdOf,
  SCENARIO_ID,
} from './scenarios/load-scenario.js';
export type { ScenarioLoad } from './scenarios/load-scenario.js';
export { scenariosFolderProblem } from './scenarios/scenarios-folder.js';
export {
  approvedFixtureOf,
  businessIdOf,
  inlineBusinessOf,
  ScenarioFileSchema,
  parseDuration,
  SCRIPTED_TEXT,
} from './scenarios/scenario-schema.js';
export type { ScenarioFile, Step, StepTrigger } from './scenarios/scenario-schema.js';
export { closestName, unknownScenarioMessage } from './scenarios/closest-name.js';
