/**
 * The language-model assistant (@chat/llm-assistant) for conversations that play no scenario, when
 * ASSISTANT_PROVIDER names a model; null for the built-in rules. Loaded on demand, so a service
 * without a model configured loads none of Genkit. Its daily budget of model calls per business is
 * counted in Firestore (./firestore-model-call-budget.ts), so it holds across instances.
 */
import type { Assistant } from '@chat/assistant';
import type { AssistantConfig } from '@chat/llm-assistant/config';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import type { CallLimitSettings } from './call-limit-settings.js';
import { DEFAULT_CALL_LIMITS } from './call-limit-settings.js';
import { createFirestoreModelCallBudget } from './firestore-model-call-budget.js';

export type BusinessBudget = Pick<
  CallLimitSettings,
  'businessModelCallsPerDay' | 'businessOutputTokensPerDay' | 'budgetShards'
>;

export async function languageModelAssistant(
  config: AssistantConfig,
  db: Firestore,
  logger: Logger,
  budget: BusinessBudget = DEFAULT_CALL_LIMITS,
): Promise<Assistant | null> {
  if (config.provider === 'rules') return null;
  const { createLlmAssistant, createModelRuntime } = await import('@chat/llm-assistant');
  const runtime = createModelRuntime(config);
  logger.info(
    { provider: config.provider, model: config.model, endpoint: runtime.endpoint },
    'assistant: language model',
  );
  return createLlmAssistant({
    ...runtime,
    budget: createFirestoreModelCallBudget(db, {
      outputTokensPerDay: budget.businessOutputTokensPerDay,
      shards: budget.budgetShards,
    }),
    limits: { maxModelCallsPerBusinessPerDay: budget.businessModelCallsPerDay },
    logger: logger.child({ component: 'llm-assistant' }),
  });
}
