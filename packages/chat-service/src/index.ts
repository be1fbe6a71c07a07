/** The production chat service (README.md): the app for main.ts, the tests and `start:firebase`. */
export {
  createChatServiceApp,
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_MIN_WRITE_INTERVAL_MS,
  DEFAULT_PACE,
  DEFAULT_RATE_LIMITS,
} from './app.js';
export type { ChatServiceApp, ChatServiceOptions, RateLimits } from './app.js';
export { assistantWithScenarios, ScenarioConfigError } from './scenario-bindings.js';
export { ConfigError, readConfig } from './config.js';
