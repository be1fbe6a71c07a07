/**
 * The language-model assistant (issue 20): a Genkit-based implementation of the assistant
 * interface, grounded in the business through tools, with the phone check enforced by code.
 * See README.md next to this folder.
 */
export { createLlmAssistant } from './llm-assistant.js';
export type { LlmAssistant, LlmAssistantOptions, ReplyListener, AssistantLogger } from './llm-assistant.js';
export { readAssistantConfig, ASSISTANT_PROVIDERS, DEFAULT_MODELS } from './provider-config.js';
export type { AssistantConfig, AssistantConfigResult, AssistantProvider } from './provider-config.js';
export { createModelRuntime } from './model-runtime.js';
export type { ModelRuntime } from './model-runtime.js';
export { createMemoryModelCallBudget, budgetDay } from './model-call-budget.js';
export type { ModelCallBudget } from './model-call-budget.js';
export { LIMITS } from './assistant-settings.js';
