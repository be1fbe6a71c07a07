/**
 * The Genkit instance and model a provider configuration names. The model is a plugin chosen here
 * by configuration — nothing else in the assistant imports a provider.
 */
import type { ModelArgument } from 'genkit';
import type { GenkitBeta } from 'genkit/beta';
import { genkit } from 'genkit/beta';
import { googleAI } from '@genkit-ai/google-genai';
import { openAICompatible } from '@genkit-ai/compat-oai';
import { LIMITS } from './assistant-settings.js';
import type { AssistantConfig } from './provider-config.js';

export interface ModelRuntime {
  ai: GenkitBeta;
  model: ModelArgument;
  /**
   * The model config that caps a reply at `maxOutputTokens`. Genkit's maxOutputTokens reaches
   * Gemini, but @genkit-ai/compat-oai 1.42 drops it for OpenAI-compatible models, so for those the
   * wire field itself is added (max_completion_tokens for OpenAI, max_tokens for other servers).
   */
  outputLimit(maxOutputTokens: number): Record<string, number>;
  /** Where the model is reached, for log lines (never carries a key). */
  endpoint: string;
}

export function createModelRuntime(config: Exclude<AssistantConfig, { provider: 'rules' }>): ModelRuntime {
  if (config.provider === 'gemini') {
    return {
      ai: genkit({ plugins: [googleAI({ apiKey: config.apiKey })] }),
      model: googleAI.model(config.model),
      outputLimit: (maxOutputTokens) => ({ maxOutputTokens }),
      endpoint: 'https://generativelanguage.googleapis.com',
    };
  }
  const plugin = openAICompatible({
    name: 'openai',
    // A server that needs no key still gets one: the OpenAI client refuses to start without.
    apiKey: config.apiKey ?? 'no-key',
    ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
    // One retry at most: the visitor is waiting, and the reply has its own timeout.
    maxRetries: 1,
    timeout: LIMITS.replyTimeoutMs,
  });
  const wireField = config.baseUrl ? 'max_tokens' : 'max_completion_tokens';
  return {
    ai: genkit({ plugins: [plugin] }),
    model: `openai/${config.model}`,
    outputLimit: (maxOutputTokens) => ({ maxOutputTokens, [wireField]: maxOutputTokens }),
    endpoint: config.baseUrl ?? 'https://api.openai.com/v1',
  };
}
