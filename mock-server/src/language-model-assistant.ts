/**
 * The language-model assistant (@chat/llm-assistant) for conversations that play no scenario, when
 * ASSISTANT_PROVIDER names a model; null for the built-in rules. Loaded on demand, so a server
 * without a model configured loads none of Genkit.
 *
 * Limits: the model calls per business per day are counted in this process's memory, like the rest
 * of the mock server's state (the production chat service counts them in Firestore).
 */
import type { Assistant } from '@chat/assistant';
import type { AssistantConfig } from '@chat/llm-assistant/config';
import { probeModel } from '@chat/llm-assistant/probe';
import type { ModelStatus } from '@chat/llm-assistant/probe';
import type { Logger } from 'pino';

export async function languageModelAssistant(
  config: AssistantConfig,
  logger: Logger,
): Promise<Assistant | null> {
  if (config.provider === 'rules') return null;
  const { createLlmAssistant, createMemoryModelCallBudget, createModelRuntime } =
    await import('@chat/llm-assistant');
  logger.info({ provider: config.provider, model: config.model }, 'assistant: language model');
  return createLlmAssistant({
    ...createModelRuntime(config),
    budget: createMemoryModelCallBudget(),
    logger: logger.child({ component: 'llm-assistant' }),
  });
}

/**
 * The configured model tried once at start-up (issue 27 item 6), for `/healthz` and the start-up
 * lines; null for the built-in rules. Never throws: the server starts either way, and each reply the
 * model cannot give is the rules assistant's.
 */
export async function modelStatusAtStartup(config: AssistantConfig): Promise<ModelStatus | null> {
  return config.provider === 'rules' ? null : probeModel(config);
}
