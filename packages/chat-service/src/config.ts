/**
 * The chat service's settings from the environment, checked once at start: a bad value stops it
 * with a message naming each bad variable. Secrets: none of its own — on Cloud Run the Admin SDK
 * uses the service account's application default credentials.
 */
import { DEFAULT_RETENTION_AFTER_EXPIRY_MS, MAX_RETENTION_AFTER_EXPIRY_MS } from '@chat/core';
import { DEFAULT_DRAIN_TIMES, envHost, envHostPort, envInteger, envScenariosDir } from '@chat/server-http';
import type { DrainTimes } from '@chat/server-http';
import { readAssistantConfig } from '@chat/llm-assistant/config';
import type { AssistantConfig } from '@chat/llm-assistant/config';
import { z } from 'zod';
import { DEFAULT_STREAMING_LEASE_MS } from './abandoned-replies.js';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_MIN_WRITE_INTERVAL_MS,
  DEFAULT_PACE,
  DEFAULT_RATE_LIMITS,
} from './app.js';
import { APP_CHECK_MODES } from './app-check.js';
import { DEFAULT_CALL_LIMITS as L } from './call-limit-settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const EnvSchema = z.object({
  PORT: envInteger('PORT', 1, 65535, 8080),
  HOST: envHost('HOST', '0.0.0.0'),
  /** Set by Cloud Run and the emulators' tooling; the Admin SDK finds it itself when absent. */
  GOOGLE_CLOUD_PROJECT: z.string().optional(),
  GCLOUD_PROJECT: z.string().optional(),
  /** Read by the Admin SDK itself; checked here so that a URL in place of host:port is named at start. */
  FIRESTORE_EMULATOR_HOST: envHostPort('FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080'),
  FIREBASE_AUTH_EMULATOR_HOST: envHostPort('FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins = list(value);
      for (const origin of origins) {
        let ok = false;
        try {
          ok = new URL(origin).origin === origin;
        } catch {
          ok = false;
        }
        if (!ok) {
          ctx.addIssue({
            code: 'custom',
            message: `CORS_ORIGINS must list origins like https://chat.example.com (scheme, host, port only), got "${origin}"`,
          });
        }
      }
      return origins;
    }),
  /**
   * Proxies whose X-Forwarded-For entry is believed: 2 behind Firebase Hosting (its edge appends the
   * visitor, Cloud Run's front end appends the edge — README "Limits").
   */
  TRUST_PROXY_HOPS: envInteger('TRUST_PROXY_HOPS', 0, 10, 2),
  APP_CHECK: z
    .enum(APP_CHECK_MODES, { message: `APP_CHECK must be one of ${APP_CHECK_MODES.join(', ')}` })
    .default('off'),
  LIMIT_VISITOR_CALLS: envInteger('LIMIT_VISITOR_CALLS', 1, 1_000_000, L.visitorCalls),
  LIMIT_VISITOR_WINDOW_MS: envInteger('LIMIT_VISITOR_WINDOW_MS', 1_000, 31 * 86_400_000, L.visitorWindowMs),
  LIMIT_CONVERSATION_CALLS: envInteger('LIMIT_CONVERSATION_CALLS', 1, 1_000_000, L.conversationCalls),
  LIMIT_CONVERSATION_WINDOW_MS: envInteger(
    'LIMIT_CONVERSATION_WINDOW_MS',
    1_000,
    31 * 86_400_000,
    L.conversationWindowMs,
  ),
  BUSINESS_MODEL_CALLS_PER_DAY: envInteger(
    'BUSINESS_MODEL_CALLS_PER_DAY',
    0,
    10_000_000,
    L.businessModelCallsPerDay,
  ),
  BUSINESS_OUTPUT_TOKENS_PER_DAY: envInteger(
    'BUSINESS_OUTPUT_TOKENS_PER_DAY',
    0,
    1_000_000_000,
    L.businessOutputTokensPerDay,
  ),
  BUDGET_SHARDS: envInteger('BUDGET_SHARDS', 1, 100, L.budgetShards),
  BODY_LIMIT_BYTES: envInteger('BODY_LIMIT_BYTES', 1024, 1_048_576, DEFAULT_BODY_LIMIT_BYTES),
  RATE_LIMIT_PER_CLIENT: envInteger('RATE_LIMIT_PER_CLIENT', 1, 1_000_000, DEFAULT_RATE_LIMITS.perClient),
  RATE_LIMIT_WINDOW_MS: envInteger('RATE_LIMIT_WINDOW_MS', 1_000, 3_600_000, DEFAULT_RATE_LIMITS.windowMs),
  RATE_LIMIT_MAX_KEYS: envInteger('RATE_LIMIT_MAX_KEYS', 100, 10_000_000, DEFAULT_RATE_LIMITS.maxKeys),
  STREAM_CHUNK_CHARS: envInteger('STREAM_CHUNK_CHARS', 0, 10_000, DEFAULT_PACE.chunkChars),
  STREAM_INTERVAL_MS: envInteger('STREAM_INTERVAL_MS', 0, 10_000, DEFAULT_PACE.intervalMs),
  MIN_WRITE_INTERVAL_MS: envInteger('MIN_WRITE_INTERVAL_MS', 50, 10_000, DEFAULT_MIN_WRITE_INTERVAL_MS),
  /**
   * Days the messages and memory this service writes are kept after their conversation expires (the TTL
   * field deleteAt; README "Data lifetime"). Up to 365, the longest firestore.rules accept from the page.
   */
  DATA_RETENTION_DAYS: envInteger(
    'DATA_RETENTION_DAYS',
    1,
    MAX_RETENTION_AFTER_EXPIRY_MS / DAY_MS,
    DEFAULT_RETENTION_AFTER_EXPIRY_MS / DAY_MS,
  ),
  /** How long a streaming reply's writer is believed alive after a write (abandoned-replies.ts). */
  STREAMING_LEASE_MS: envInteger('STREAMING_LEASE_MS', 1_000, 600_000, DEFAULT_STREAMING_LEASE_MS),
  /** After SIGTERM, how long turns in flight may run before they are cut; all end 2 s later. */
  SHUTDOWN_FINISH_MS: envInteger(
    'SHUTDOWN_FINISH_MS',
    0,
    DEFAULT_DRAIN_TIMES.finishMs,
    DEFAULT_DRAIN_TIMES.finishMs,
  ),
  SCENARIOS_DIR: envScenariosDir('SCENARIOS_DIR'),
  CHAT_SCENARIOS: z
    .string()
    .optional()
    .transform((value) => list(value)),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

/**
 * The settings; ASSISTANT is which assistant answers conversations that play no scenario (the
 * built-in rules unless ASSISTANT_PROVIDER names a model: packages/llm-assistant/README.md).
 */
export type ChatServiceConfig = z.output<typeof EnvSchema> & {
  ASSISTANT: AssistantConfig;
  DRAIN: DrainTimes;
};

/** The shutdown's times: cutting leaves 2 s to write the cut replies, inside Cloud Run's 10 s. */
function drainTimes(finishMs: number): DrainTimes {
  const cutWriteMs = DEFAULT_DRAIN_TIMES.deadlineMs - DEFAULT_DRAIN_TIMES.finishMs;
  return { ...DEFAULT_DRAIN_TIMES, finishMs, deadlineMs: finishMs + cutWriteMs };
}

export class ConfigError extends Error {}

/** The settings, or ConfigError naming every bad variable. */
export function readConfig(env: Record<string, string | undefined>): ChatServiceConfig {
  const parsed = EnvSchema.safeParse(env);
  const assistant = readAssistantConfig(env);
  if (parsed.success && assistant.ok)
    return { ...parsed.data, ASSISTANT: assistant.config, DRAIN: drainTimes(parsed.data.SHUTDOWN_FINISH_MS) };
  const problems = (parsed.success ? [] : parsed.error.issues).map((issue) => {
    const variable = String(issue.path[0] ?? '');
    return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
  });
  if (!assistant.ok) problems.push(...assistant.problems);
  throw new ConfigError(`Invalid chat service configuration:\n  ${problems.join('\n  ')}`);
}
