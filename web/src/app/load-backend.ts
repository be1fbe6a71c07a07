/**
 * Loads the one backend the configuration names. Each backend sits behind a dynamic import, so the
 * bundle for the local backend contains no Firebase code and vice versa; this file is the only
 * place in the app that names a backend package.
 */
import type { Backend } from '@chat/core';
import type { AppEnv } from '../config/env.js';

export async function loadBackend(env: AppEnv): Promise<Backend> {
  if (env.backend === 'firebase') {
    if (!env.firebase) throw new Error('Firebase settings are missing (see web/.env.example)');
    const { createFirebaseBackend } = await import('@chat/firebase');
    const { chatServiceUrl, authEmulatorHost, firestoreEmulatorHost, ...firebase } = env.firebase;
    return createFirebaseBackend({
      firebase,
      chatServiceUrl,
      sessionHint: window.localStorage,
      ...(authEmulatorHost ? { authEmulatorHost } : {}),
      ...(firestoreEmulatorHost ? { firestoreEmulatorHost } : {}),
    });
  }
  const { createLocalBackend } = await import('@chat/local');
  return createLocalBackend({ serverUrl: env.localServerUrl, storage: window.localStorage });
}
