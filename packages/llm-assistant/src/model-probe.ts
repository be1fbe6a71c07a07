/**
 * The start-up check of the configured model (issue 27 item 6): one request to the provider that
 * needs the same address and key as a reply but spends no tokens and no budget — the OpenAI-compatible
 * server's model list (`GET {base}/models`), or Gemini's description of the model
 * (`GET …/v1beta/models/{model}`). The servers report the outcome in `/healthz` and their start-up
 * line and start either way: a model that is down is answered for by the rules assistant.
 *
 * Loads nothing of Genkit, so a server can check before it loads the assistant.
 */
import type { AssistantConfig } from './provider-config.js';

/** What `/healthz` shows of the model. The URL never carries the key. */
export interface ModelStatus {
  provider: 'gemini' | 'openai';
  model: string;
  /** The provider's base URL that was tried. */
  url: string;
  reachable: boolean;
  /** Why not, when it is not: a connection error, a timeout, or the HTTP status and the provider's message. */
  error?: string;
}

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';
/** How long the start-up check waits: a server should not hang its start on a silent host. */
export const MODEL_PROBE_TIMEOUT_MS = 5_000;

export async function probeModel(
  config: Exclude<AssistantConfig, { provider: 'rules' }>,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<ModelStatus> {
  const get = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? MODEL_PROBE_TIMEOUT_MS;
  const url = config.provider === 'gemini' ? GEMINI_BASE_URL : (config.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
  const base = { provider: config.provider, model: config.model, url };
  const target =
    config.provider === 'gemini'
      ? `${url}/models/${encodeURIComponent(config.model)}`
      : `${url.replace(/\/+$/, '')}/models`;
  const headers: Record<string, string> =
    config.provider === 'gemini'
      ? { 'x-goog-api-key': config.apiKey }
      : config.apiKey
        ? { authorization: `Bearer ${config.apiKey}` }
        : {};
  try {
    const response = await get(target, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok) return { ...base, reachable: true };
    return { ...base, reachable: false, error: `HTTP ${response.status}${await providerMessage(response)}` };
  } catch (error) {
    return { ...base, reachable: false, error: describeFailure(error, timeoutMs) };
  }
}

/** The provider's own error message (OpenAI and Gemini both answer `{ error: { message } }`), shortened. */
async function providerMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    const message = body.error?.message;
    return typeof message === 'string' && message ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  // fetch reports a refused or unresolvable host as 'fetch failed' with the system error as its cause.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The start-up line's words for a status: 'openai gpt-4o-mini at http://…: reachable' or '…: UNREACHABLE (why)'. */
export function describeModelStatus(status: ModelStatus): string {
  const where = `${status.provider} ${status.model} at ${status.url}`;
  return status.reachable
    ? `${where}: reachable`
    : `${where}: UNREACHABLE (${status.error ?? 'unknown error'}); the rules assistant answers what the model cannot`;
}
