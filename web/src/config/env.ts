/**
 * The app's configuration, read from Vite's import.meta.env once and validated with zod/mini.
 *
 * Everything else in the app takes its settings from the AppEnv this returns, so a missing or
 * malformed variable fails at start-up with one message that lists every problem, instead of
 * surfacing later as a request to "undefined". Empty strings count as unset, because a line like
 * `VITE_CHAT_SERVICE_URL=` in a .env file is how people usually "leave something out".
 */
import { DocumentIdSchema } from '@chat/core';
// zod/mini, never zod's full build: this runs in the page (issue 11's bundle budget).
import * as z from 'zod/mini';

export const BACKENDS = ['local', 'firebase'] as const;
export type BackendKind = (typeof BACKENDS)[number];

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const emulatorHost = z.optional(
  z.string().check(z.regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099')),
);

/** The mock server's fixtures: what a local (development) build opens when nothing is set. */
export const LOCAL_DEFAULTS = {
  defaultBusinessId: 'bella-vista-salon',
  supportFormUrl: 'https://support.example.com/contact',
} as const;

const RawEnvSchema = z
  .object({
    VITE_BACKEND: z._default(z.enum(BACKENDS, { error: "must be 'local' or 'firebase'" }), 'local'),
    VITE_LOCAL_SERVER_URL: z._default(httpUrl, 'http://127.0.0.1:4000'),
    // Required for a Firebase build (no demo values in production); the mock fixtures' defaults otherwise.
    VITE_DEFAULT_BUSINESS_ID: z.optional(DocumentIdSchema),
    VITE_ASSISTANT_NAME: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), 'Ava'),
    VITE_SUPPORT_FORM_URL: z.optional(httpUrl),
    // "/" = the page's own origin (Firebase Hosting rewrites /api/chat to the chat service; see README).
    VITE_CHAT_SERVICE_URL: z.optional(
      z.union([z.literal('/'), httpUrl], { error: "must be an http(s) URL or '/'" }),
    ),
    VITE_FIREBASE_API_KEY: z.optional(z.string()),
    VITE_FIREBASE_AUTH_DOMAIN: z.optional(z.string()),
    VITE_FIREBASE_PROJECT_ID: z.optional(z.string()),
    VITE_FIREBASE_APP_ID: z.optional(z.string()),
    /** host:port of the Firebase Auth emulator, e.g. 127.0.0.1:9099 (development only). */
    VITE_AUTH_EMULATOR_HOST: emulatorHost,
    /** host:port of the Firestore emulator, e.g. 127.0.0.1:8080 (development only). */
    VITE_FIRESTORE_EMULATOR_HOST: emulatorHost,
  })
  .check(
    z.superRefine((env, ctx) => {
      if (env.VITE_BACKEND !== 'firebase') return;
      const needed = {
        VITE_DEFAULT_BUSINESS_ID: 'the business the root route opens',
        VITE_SUPPORT_FORM_URL: "the form 'Contact Support' opens",
        VITE_CHAT_SERVICE_URL: 'the chat service base URL',
        VITE_FIREBASE_API_KEY: 'Firebase web API key',
        VITE_FIREBASE_AUTH_DOMAIN: 'Firebase auth domain',
        VITE_FIREBASE_PROJECT_ID: 'Firebase project id',
        VITE_FIREBASE_APP_ID: 'Firebase app id',
      } as const;
      for (const [key, what] of Object.entries(needed)) {
        if (env[key as keyof typeof needed] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `is required when VITE_BACKEND is firebase (${what})`,
            input: env,
          });
        }
      }
    }),
  );

export interface FirebaseEnv {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  chatServiceUrl: string;
  authEmulatorHost?: string;
  firestoreEmulatorHost?: string;
}

export interface AppEnv {
  backend: BackendKind;
  /** Base URL of the mock server (local backend). */
  localServerUrl: string;
  /** The business the root route `/` opens. */
  defaultBusinessId: string;
  /** The assistant's name, shown by the typing indicator. */
  assistantName: string;
  /** The external form 'Contact Support' opens. */
  supportFormUrl: string;
  /** Present only when backend is 'firebase'. */
  firebase?: FirebaseEnv;
}

/** Thrown when the environment is invalid; the message lists every bad or missing variable. */
export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/**
 * Validates a Vite-style environment object. Pure, so tests can hand it any record; the app
 * calls it once with import.meta.env through readEnv().
 */
export function parseEnv(source: Record<string, unknown>): AppEnv {
  // Only our VITE_ keys, with blank strings treated as unset.
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!key.startsWith('VITE_')) continue;
    cleaned[key] = typeof value === 'string' && value.trim() === '' ? undefined : value;
  }
  const result = RawEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `- ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid configuration (see web/.env.example):\n${lines.join('\n')}`);
  }
  const env = result.data;
  const app: AppEnv = {
    backend: env.VITE_BACKEND,
    localServerUrl: env.VITE_LOCAL_SERVER_URL.replace(/\/+$/, ''),
    // superRefine guarantees both are set for the firebase backend.
    defaultBusinessId: env.VITE_DEFAULT_BUSINESS_ID ?? LOCAL_DEFAULTS.defaultBusinessId,
    assistantName: env.VITE_ASSISTANT_NAME,
    supportFormUrl: env.VITE_SUPPORT_FORM_URL ?? LOCAL_DEFAULTS.supportFormUrl,
  };
  if (env.VITE_BACKEND === 'firebase') {
    // superRefine guarantees these are present for the firebase backend.
    app.firebase = {
      apiKey: env.VITE_FIREBASE_API_KEY!,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN!,
      projectId: env.VITE_FIREBASE_PROJECT_ID!,
      appId: env.VITE_FIREBASE_APP_ID!,
      chatServiceUrl: env.VITE_CHAT_SERVICE_URL!.replace(/\/+$/, ''),
      ...(env.VITE_AUTH_EMULATOR_HOST ? { authEmulatorHost: env.VITE_AUTH_EMULATOR_HOST } : {}),
      ...(env.VITE_FIRESTORE_EMULATOR_HOST
        ? { firestoreEmulatorHost: env.VITE_FIRESTORE_EMULATOR_HOST }
        : {}),
    };
  }
  return app;
}

let cached: AppEnv | undefined;

/** The app's configuration from import.meta.env, parsed on first use and then reused. */
export function readEnv(): AppEnv {
  cached ??= parseEnv(import.meta.env as Record<string, unknown>);
  return cached;
}
