/**
 * The chat service's settings from the environment, checked once at start: a bad value stops it
 * with a message naming each bad variable. Secrets: none of its own — on Cloud Run the Admin SDK
 * uses the service account's application default credentials.
 */
import path from 'node:path';
import { scenariosFolderProblem } from '@chat/assistant';
import { envInteger } from '@chat/server-http';
import { z } from 'zod';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const EnvSchema = z.object({
  PORT: envInteger('PORT', 1, 65535, 8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Set by Cloud Run and the emulators' tooling; the Admin SDK finds it itself when absent. */
  GOOGLE_CLOUD_PROJECT: z.string().optional(),
  GCLOUD_PROJECT: z.string().optional(),
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
  TRUST_PROXY_HOPS: envInteger('TRUST_PROXY_HOPS', 0, 10, 1),
  BODY_LIMIT_BYTES: envInteger('BODY_LIMIT_BYTES', 1024, 1_048_576, 16 * 1024),
  RATE_LIMIT_PER_CLIENT: envInteger('RATE_LIMIT_PER_CLIENT', 1, 1_000_000, 120),
  RATE_LIMIT_PER_CONVERSATION: envInteger('RATE_LIMIT_PER_CONVERSATION', 1, 1_000_000, 30),
  RATE_LIMIT_WINDOW_MS: envInteger('RATE_LIMIT_WINDOW_MS', 1_000, 3_600_000, 60_000),
  RATE_LIMIT_MAX_KEYS: envInteger('RATE_LIMIT_MAX_KEYS', 100, 10_000_000, 10_000),
  STREAM_CHUNK_CHARS: envInteger('STREAM_CHUNK_CHARS', 0, 10_000, 24),
  STREAM_INTERVAL_MS: envInteger('STREAM_INTERVAL_MS', 0, 10_000, 40),
  MIN_WRITE_INTERVAL_MS: envInteger('MIN_WRITE_INTERVAL_MS', 50, 10_000, 250),
  SCENARIOS_DIR: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const dir = path.resolve(value.trim());
      const problem = scenariosFolderProblem(dir, 'SCENARIOS_DIR');
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return dir;
    }),
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

export type ChatServiceConfig = z.output<typeof EnvSchema>;

export class ConfigError extends Error {}

/** The settings, or ConfigError naming every bad variable. */
export function readConfig(env: Record<string, string | undefined>): ChatServiceConfig {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? '');
    return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid chat service configuration:\n  ${problems.join('\n  ')}`);
}
