/**
 * Which assistant answers, from the environment — the same variables for the mock server and the
 * production chat service:
 *   ASSISTANT_PROVIDER  rules (default: the built-in assistant, no key) | gemini | openai
 *   ASSISTANT_MODEL     the model name (default gemini-2.5-flash / gpt-4o-mini; required with OPENAI_BASE_URL)
 *   GEMINI_API_KEY      required for gemini
 *   OPENAI_API_KEY      required for openai unless OPENAI_BASE_URL points at a server that needs none
 *   OPENAI_BASE_URL     any OpenAI-compatible server (Ollama, vLLM, llama.cpp's server…), http(s)
 * A bad or missing value is a problem naming its variable; the server refuses to start on any.
 */

export const ASSISTANT_PROVIDERS = ['rules', 'gemini', 'openai'] as const;
export type AssistantProvider = (typeof ASSISTANT_PROVIDERS)[number];

export const DEFAULT_MODELS = { gemini: 'gemini-2.5-flash', openai: 'gpt-4o-mini' } as const;

export type AssistantConfig =
  | { provider: 'rules' }
  | { provider: 'gemini'; model: string; apiKey: string }
  | { provider: 'openai'; model: string; apiKey: string | null; baseUrl: string | null };

export type AssistantConfigResult = { ok: true; config: AssistantConfig } | { ok: false; problems: string[] };

const MODEL_NAME = /^[A-Za-z0-9][\w.:/@-]{0,199}$/;

/** Reads the ASSISTANT_* and provider variables; every problem names its variable first. */
export function readAssistantConfig(env: Record<string, string | undefined>): AssistantConfigResult {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : null;
  };
  const problems: string[] = [];
  const provider = value('ASSISTANT_PROVIDER') ?? 'rules';
  if (!(ASSISTANT_PROVIDERS as readonly string[]).includes(provider)) {
    return {
      ok: false,
      problems: [
        `ASSISTANT_PROVIDER must be one of ${ASSISTANT_PROVIDERS.join(', ')}, got "${env.ASSISTANT_PROVIDER}"`,
      ],
    };
  }
  if (provider === 'rules') return { ok: true, config: { provider: 'rules' } };

  const model = value('ASSISTANT_MODEL');
  if (model !== null && !MODEL_NAME.test(model)) {
    problems.push(`ASSISTANT_MODEL must be a model name such as ${DEFAULT_MODELS.openai}, got "${model}"`);
  }
  if (provider === 'gemini') {
    const apiKey = value('GEMINI_API_KEY');
    if (!apiKey) problems.push('GEMINI_API_KEY is required when ASSISTANT_PROVIDER=gemini');
    if (problems.length > 0 || !apiKey) return { ok: false, problems };
    return { ok: true, config: { provider, model: model ?? DEFAULT_MODELS.gemini, apiKey } };
  }

  const baseUrl = value('OPENAI_BASE_URL');
  if (baseUrl !== null && !isHttpUrl(baseUrl)) {
    problems.push(
      `OPENAI_BASE_URL must be an http or https URL such as http://127.0.0.1:11434/v1, got "${baseUrl}"`,
    );
  }
  const apiKey = value('OPENAI_API_KEY');
  if (!apiKey && baseUrl === null) {
    problems.push(
      'OPENAI_API_KEY is required when ASSISTANT_PROVIDER=openai (unless OPENAI_BASE_URL names a server that needs no key)',
    );
  }
  if (baseUrl !== null && model === null) {
    problems.push('ASSISTANT_MODEL is required with OPENAI_BASE_URL: name the model that server serves');
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, config: { provider: 'openai', model: model ?? DEFAULT_MODELS.openai, apiKey, baseUrl } };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
