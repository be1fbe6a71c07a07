/**
 * Firebase App Check for the page's chat calls: the reCAPTCHA Enterprise provider with the site key
 * of the build (VITE_APPCHECK_SITE_KEY), or the debug provider when a debug token is given (the
 * emulators and development: FIREBASE_APPCHECK_DEBUG_TOKEN, a token registered in the console, or
 * `true` to have the SDK make one and print it). Loaded on demand by firebase-backend.ts — its own
 * chunk, never part of the first load — and only when a site key is configured.
 *
 * Limits: a token that cannot be had (reCAPTCHA blocked, offline, the emulators, which have no App
 * Check backend) sends the call without one; the chat service decides (APP_CHECK=monitor logs it,
 * enforce refuses it).
 */
import type { FirebaseApp } from 'firebase/app';
import { getToken, initializeAppCheck, ReCaptchaEnterpriseProvider } from 'firebase/app-check';

export interface AppCheckSettings {
  /** The reCAPTCHA Enterprise site key registered for the web app in App Check. */
  siteKey: string;
  /** A debug token (or 'true' for one the SDK makes): the debug provider instead of reCAPTCHA. */
  debugToken?: string;
}

/** The header the chat service reads (firebase-admin's name for it). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';

/** Starts App Check on `app`; the returned function gives the headers of one chat call. */
export function connectAppCheck(
  app: FirebaseApp,
  settings: AppCheckSettings,
): () => Promise<Record<string, string>> {
  if (settings.debugToken) {
    (globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string | boolean }).FIREBASE_APPCHECK_DEBUG_TOKEN =
      settings.debugToken === 'true' ? true : settings.debugToken;
  }
  const appCheck = initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(settings.siteKey),
    isTokenAutoRefreshEnabled: true,
  });
  return async (): Promise<Record<string, string>> => {
    try {
      const { token } = await getToken(appCheck, false);
      return { [APP_CHECK_HEADER]: token };
    } catch (error) {
      console.warn('[app-check] no token; the chat call goes without one', error);
      return {};
    }
  };
}
