import { DATA_ROUTES } from '@chat/core';
import type { AppEnv } from '../../config/env.js';

/**
 * Where a business document is read with one plain GET, for the backend the page was built for: the mock
 * server's data route, or Firestore's REST endpoint for the document (the emulator's when configured).
 * The first-read script (web/build/first-read-script.ts) and the backend's first read agree through it.
 */
export function businessReadUrl(env: AppEnv, businessId: string): string {
  if (env.backend === 'local') {
    return env.localServerUrl.replace(/\/+$/, '') + DATA_ROUTES.businessById(businessId);
  }
  const firebase = env.firebase!;
  const origin = firebase.firestoreEmulatorHost
    ? `http://${firebase.firestoreEmulatorHost}`
    : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${encodeURIComponent(firebase.projectId)}/databases/(default)/documents/businesses/${encodeURIComponent(businessId)}`;
}
