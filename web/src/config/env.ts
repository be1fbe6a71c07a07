/**
 * The app's configuration: the VITE_* variables, checked.
 *
 * Checked once, when the page is built or the dev server starts (web/build/configured-app-plugin.ts), so
 * a missing or malformed variable fails there with one message that lists every problem, instead of
 * surfacing later as a request to "undefined"; the page gets the AppEnv this returns as a constant
 * (`virtual:app-env`) and none of these checks. Empty strings count as unset, because a line like
 * `VITE_CHAT_SERVICE_URL=` in a .env file is how people usually "leave something out".
 */
import { DocumentIdCheck, MAX_ASSISTANT_NAME_LENGTH, runCheck, SMART_REPLY_TEXT } from '@chat/core';

export const BACKENDS = ['local', 'firebase'] as const;
export type BackendKind = (typeof BACKENDS)[number];

/** The mock server's fixtures: what a local (development) build opens when nothing is set. */
export const LOCAL_DEFAULTS = {
  defaultBusinessId: 'bella-vista-salon',
  supportFormUrl: 'https://support.example.com/contact',
} as const;

/** What a Firebase build must set (no demo values in production), with what each one is for. */
const REQUIRED_FOR_FIREBASE = {
  VITE_DEFAULT_BUSINESS_ID: 'the business the root route opens',
  VITE_SUPPORT_FORM_URL: `the form '${SMART_REPLY_TEXT.contactSupport}' opens`,
  VITE_CHAT_SERVICE_URL: 'the chat service base URL',
  VITE_FIREBASE_API_KEY: 'Firebase web API key',
  VITE_FIREBASE_AUTH_DOMAIN: 'Firebase auth domain',
  VITE_FIREBASE_PROJECT_ID: 'Firebase project id',
  VITE_FIREBASE_APP_ID: 'Firebase app id',
} as const;

/** What is wrong with a variable's value, or null when it is fine. */
type Rule = (value: string) => string | null;

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

const httpUrl: Rule = (value) => (isHttpUrl(value) ? null : 'must be an http(s) URL');
const emulatorHost: Rule = (value) =>
  /^[\w.-]+:\d{1,5}$/.test(value) ? null : 'must be host:port, e.g. 127.0.0.1:9099';

export interface FirebaseEnv {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  chatServiceUrl: string;
  authEmulatorHost?: string;
  firestoreEmulatorHost?: string;
  /** App Check on the chat calls, when VITE_APPCHECK_SITE_KEY is set. */
  appCheck?: { siteKey: string; debugToken?: string };
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
 * Validates a Vite-style environment object. Pure, so tests can hand it any record; the build calls it
 * with what Vite's loadEnv reads.
 */
export function parseEnv(source: Record<string, unknown>): AppEnv {
  // Only our VITE_ keys, with blank strings treated as unset.
  const vars: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!key.startsWith('VITE_')) continue;
    vars[key] = typeof value === 'string' && value.trim() === '' ? undefined : value;
  }
  const problems: string[] = [];
  /** The variable when it is set and passes `rule`; undefined when unset or bad (a problem is noted). */
  const read = (key: string, rule: Rule = () => null): string | undefined => {
    const value = vars[key];
    if (value === undefined) return undefined;
    const problem = typeof value === 'string' ? rule(value) : 'must be a string';
    if (problem === null) return value as string;
    problems.push(`- ${key}: ${problem}`);
    return undefined;
  };

  const backend = read('VITE_BACKEND', (value) =>
    (BACKENDS as readonly string[]).includes(value) ? null : "must be 'local' or 'firebase'",
  ) as BackendKind | undefined;
  const localServerUrl = read('VITE_LOCAL_SERVER_URL', httpUrl) ?? 'http://127.0.0.1:4000';
  const defaultBusinessId = read('VITE_DEFAULT_BUSINESS_ID', (value) => {
    const id = runCheck(DocumentIdCheck, value);
    return id.ok ? null : id.problem;
  });
  const assistantName = read('VITE_ASSISTANT_NAME', (value) =>
    value.trim().length > MAX_ASSISTANT_NAME_LENGTH
      ? `must be at most ${MAX_ASSISTANT_NAME_LENGTH} characters`
      : null,
  );
  const supportFormUrl = read('VITE_SUPPORT_FORM_URL', httpUrl);
  // "/" = the page's own origin (Firebase Hosting rewrites /api/chat to the chat service; see README).
  const chatServiceUrl = read('VITE_CHAT_SERVICE_URL', (value) =>
    value === '/' || isHttpUrl(value) ? null : "must be an http(s) URL or '/'",
  );
  const firebaseSettings = {
    apiKey: read('VITE_FIREBASE_API_KEY'),
    authDomain: read('VITE_FIREBASE_AUTH_DOMAIN'),
    projectId: read('VITE_FIREBASE_PROJECT_ID'),
    appId: read('VITE_FIREBASE_APP_ID'),
  };
  /** host:port of the Firebase Auth emulator, e.g. 127.0.0.1:9099 (development only). */
  const authEmulatorHost = read('VITE_AUTH_EMULATOR_HOST', emulatorHost);
  /** host:port of the Firestore emulator, e.g. 127.0.0.1:8080 (development only). */
  const firestoreEmulatorHost = read('VITE_FIRESTORE_EMULATOR_HOST', emulatorHost);
  /** App Check's reCAPTCHA Enterprise site key; App Check is off without it. */
  const appCheckSiteKey = read('VITE_APPCHECK_SITE_KEY', (value) =>
    /^[\w-]{10,100}$/.test(value.trim()) ? null : 'must be a reCAPTCHA Enterprise site key',
  );
  /** A registered App Check debug token, or 'true' (development and the emulators). */
  const appCheckDebugToken = read('VITE_APPCHECK_DEBUG_TOKEN', () =>
    appCheckSiteKey === undefined ? 'needs VITE_APPCHECK_SITE_KEY' : null,
  );

  if (backend === 'firebase') {
    for (const [key, what] of Object.entries(REQUIRED_FOR_FIREBASE)) {
      if (vars[key] === undefined) {
        problems.push(`- ${key}: is required when VITE_BACKEND is firebase (${what})`);
      }
    }
  }
  if (problems.length > 0) {
    throw new EnvError(`Invalid configuration (see web/.env.example):\n${problems.join('\n')}`);
  }

  const app: AppEnv = {
    backend: backend ?? 'local',
    localServerUrl: localServerUrl.replace(/\/+$/, ''),
    // Both are required (checked above) for the firebase backend.
    defaultBusinessId: defaultBusinessId ?? LOCAL_DEFAULTS.defaultBusinessId,
    assistantName: assistantName?.trim() ?? 'Ava',
    supportFormUrl: supportFormUrl ?? LOCAL_DEFAULTS.supportFormUrl,
  };
  if (backend === 'firebase') {
    // Every one is required (checked above) for the firebase backend.
    app.firebase = {
      apiKey: firebaseSettings.apiKey!,
      authDomain: firebaseSettings.authDomain!,
      projectId: firebaseSettings.projectId!,
      appId: firebaseSettings.appId!,
      chatServiceUrl: chatServiceUrl!.replace(/\/+$/, ''),
      ...(authEmulatorHost ? { authEmulatorHost } : {}),
      ...(firestoreEmulatorHost ? { firestoreEmulatorHost } : {}),
      ...(appCheckSiteKey
        ? {
            appCheck: {
              siteKey: appCheckSiteKey.trim(),
              ...(appCheckDebugToken ? { debugToken: appCheckDebugToken.trim() } : {}),
            },
          }
        : {}),
    };
  }
  return app;
}
