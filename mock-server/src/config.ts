/**
 * The server's settings from the environment, parsed once with zod. A bad value stops the start
 * with a message naming every bad variable. The assistant's variables (ASSISTANT_PROVIDER,
 * ASSISTANT_MODEL, GEMINI_API_KEY, OPENAI_API_KEY, OPENAI_BASE_URL) are the language-model
 * assistant's own (@chat/llm-assistant): checked here with the rest, read by assistantConfig().
 */
import { z } from 'zod';
import { readAssistantConfig } from '@chat/llm-assistant/config';
import type { AssistantConfig } from '@chat/llm-assistant/config';
import { DEFAULT_CORS_ORIGINS, DEFAULT_DATA_RATE_LIMIT } from './http/middleware.js';
import { allowedHostName } from './http/request-guards.js';
import { envHost, envInteger as integer, envScenariosDir } from '@chat/server-http';

const OriginSchema = z.string().refine((value) => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}, 'must be an origin like http://localhost:5173 (scheme, host and port only)');

const EnvSchema = z.object({
  PORT: integer('PORT', 0, 65535, 4000),
  HOST: envHost('HOST', '127.0.0.1'),
  DATA_FILE: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value : null)),
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      value?.trim()
        ? value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean)
        : DEFAULT_CORS_ORIGINS,
    )
    .pipe(z.array(OriginSchema)),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => allowedHostName(entry) === null);
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `ALLOWED_HOSTS must list host names without port or scheme (e.g. mock-server,192.168.1.20), got ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** The folder of scenario files to play (relative to where the server starts); default mock-server/scenarios/. */
  SCENARIOS_DIR: envScenariosDir('SCENARIOS_DIR'),
  CONTROL_API: z.enum(['on', 'off'], { message: 'CONTROL_API must be "on" or "off"' }).default('on'),
  /** Who may call the control API and open the console: this machine only, or anyone who reaches the port. */
  CONTROL_FROM: z
    .enum(['loopback', 'anywhere'], { message: 'CONTROL_FROM must be "loopback" or "anywhere"' })
    .default('loopback'),
  /** The key of the console link for another device (`demo start --lan` makes one per demo). */
  CONSOLE_KEY: z.string().min(16, 'CONSOLE_KEY must be at least 16 characters').optional(),
  /** The assistant's name the web app `npm start` started shows (its VITE_ASSISTANT_NAME); empty: its default. */
  WEB_ASSISTANT_NAME: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  STREAM_CHUNK_CHARS: integer('STREAM_CHUNK_CHARS', 0, 10_000, 12),
  STREAM_INTERVAL_MS: integer('STREAM_INTERVAL_MS', 0, 60_000, 40),
  RATE_LIMIT_PER_MINUTE: integer('RATE_LIMIT_PER_MINUTE', 1, 1_000_000, 600),
  DATA_RATE_LIMIT_PER_MINUTE: integer('DATA_RATE_LIMIT_PER_MINUTE', 1, 10_000_000, DEFAULT_DATA_RATE_LIMIT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ID_TOKEN_SECRET: z.string().min(32, 'ID_TOKEN_SECRET must be at least 32 characters').optional(),
});

export type Config = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment. Throws ConfigError listing every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.safeParse(env);
  const assistant = readAssistantConfig(env);
  const assistantLines = assistant.ok ? [] : assistant.problems.map((problem) => `- ${problem}`);
  if (parsed.success && assistantLines.length === 0) return parsed.data;
  const issues = parsed.success ? [] : parsed.error.issues;
  const lines = issues.map((issue) => {
    const variable = String(issue.path[0] ?? 'environment');
    const rest = issue.path.length > 1 ? ` (item ${issue.path.slice(1).join('.')})` : '';
    return issue.message.startsWith(variable)
      ? `- ${issue.message}`
      : `- ${variable}${rest}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid environment:\n${[...lines, ...assistantLines].join('\n')}`);
}

/** Which assistant answers (the built-in rules unless configured); call after readConfig accepted the environment. */
export function assistantConfig(env: NodeJS.ProcessEnv): AssistantConfig {
  const read = readAssistantConfig(env);
  if (!read.ok)
    throw new ConfigError(`Invalid environment:\n${read.problems.map((p) => `- ${p}`).join('\n')}`);
  return read.config;
}
