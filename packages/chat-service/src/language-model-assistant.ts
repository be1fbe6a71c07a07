/**
 * The language-model assistant (@chat/llm-assistant) for conversations that play no scenario, when
 * ASSISTANT_PROVIDER names a model; null for the built-in rules. Loaded on demand, so a service
 * without a model configured loads none of Genkit. Its daily budget of model calls per business is
 * counted in Firestore (./firestore-model-call-budget.ts), so it holds across instances.
 */
import type { Assistant } from '@chat/assistant';
import type { AssistantConfig } from '@chat/llm-assistant/config';
import { probeModel } from '@chat/llm-assistant/probe';
import type { ModelStatus } from '@chat/llm-assistant/probe';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { createFirestoreModelCallBudget } from './firestore-model-call-budget.js';

export async function languageModelAssistant(
  config: AssistantConfig,
  db: Firestore,
  logger: Logger,
): Promise<Assistant | null> {
  if (config.provider === 'rules') return null;
  const { createLlmAssistant, createModelRuntime } = await import('@chat/llm-assistant');
  logger.info({ provider: config.provider, model: config.model }, 'assistant: language model');
  return createLlmAssistant({
    ...createModelRuntime(config),
    budget: createFirestoreModelCallBudget(db),
    logger: logger.child({ component: 'llm-assistant' }),
  });
}

/**
 * The configured model tried once at start-up (issue 27 item 6), for `/healthz` and the start-up
 * line; null for the built-in rules. Never throws: an unreachable model is reported, and the service
 * starts anyway (each reply the model cannot give is the rules assistant's).
 */
export async function modelStatusAtStartup(config: AssistantConfig): Promise<ModelStatus | null> {
  return config.provider === 'rules' ? null : probeModel(config);
}
