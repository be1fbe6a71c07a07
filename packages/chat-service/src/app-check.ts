/**
 * Firebase App Check on POST /api/chat: the page sends its App Check token in `X-Firebase-AppCheck`
 * (reCAPTCHA Enterprise in production, the debug provider against the emulators) and the service
 * verifies it with the Admin SDK (`getAppCheck().verifyToken`), by APP_CHECK:
 *   off      nothing is checked (the default; the emulators have no App Check backend)
 *   monitor  every request goes on; its request log line says `appCheck: valid | missing | invalid`
 *   enforce  a request without a valid token is refused: 401 unauthenticated with the reason
 * The verifier is injected, so tests use one they control. Nothing of the token is ever logged.
 */
import { sendError } from '@chat/server-http';
import type { RequestHandler } from 'express';

export const APP_CHECK_MODES = ['off', 'monitor', 'enforce'] as const;
export type AppCheckMode = (typeof APP_CHECK_MODES)[number];

/** The request header the Firebase SDKs use for the token. */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

/** firebase-admin's App Check (getAppCheck(app)), or a test's own. Rejects for a bad token. */
export interface AppCheckVerifier {
  verifyToken(token: string): Promise<{ appId: string }>;
}

export type AppCheckOutcome = 'valid' | 'missing' | 'invalid';

/** Where the outcome is left for the request's log line (res.locals). */
export const APP_CHECK_OUTCOME = 'appCheck';

const REASONS: Record<Exclude<AppCheckOutcome, 'valid'>, string> = {
  missing: `App Check: no token; send one in ${APP_CHECK_HEADER}`,
  invalid: `App Check: the token in ${APP_CHECK_HEADER} is not valid (expired, or not this project's)`,
};

export function appCheckGuard(mode: AppCheckMode, verifier: AppCheckVerifier | null): RequestHandler {
  if (mode !== 'off' && !verifier) throw new Error(`APP_CHECK=${mode} needs an App Check verifier`);
  return async (req, res, next) => {
    if (mode === 'off' || !verifier) {
      next();
      return;
    }
    const token = req.get(APP_CHECK_HEADER)?.trim();
    let outcome: AppCheckOutcome = 'missing';
    if (token) {
      try {
        await verifier.verifyToken(token);
        outcome = 'valid';
      } catch {
        outcome = 'invalid';
      }
    }
    res.locals[APP_CHECK_OUTCOME] = outcome;
    if (mode === 'enforce' && outcome !== 'valid') sendError(res, 'unauthenticated', REASONS[outcome]);
    else next();
  };
}
