/**
 * The server's settings from the environment, parsed once with zod. A bad value stops the start
 * with a message naming every bad variable.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CORS_ORIGINS, DEFAULT_DATA_RATE_LIMIT } from './http/middleware.js';
import { allowedHostName } from './http/request-guards.js';
import { scenariosFolderProblem } from '@chat/assistant';
import { envInteger as integer } from '@chat/server-http';

const OriginSchema = z.string().refine((value) => {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}, 'must be an origin like http://localhost:5173 (scheme, host and port only)');

const EnvSchema = z.object({
  PORT: integer('PORT', 0, 65535, 4000),
  HOST: z.string().min(1).default('127.0.0.1'),
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
  SCENARIOS_DIR: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const dir = path.resolve(value.trim());
      const problem = scenariosFolderProblem(dir, 'SCENARIOS_DIR');
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return dir;
    }),
  CONTROL_API: z.enum(['on', 'off'], { message: 'CONTROL_API must be "on" or "off"' }).default('on'),
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
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? 'environment');
    const rest = issue.path.length > 1 ? ` (item ${issue.path.slice(1).join('.')})` : '';
    return issue.message.startsWith(variable)
      ? `- ${issue.message}`
      : `- ${variable}${rest}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
}
