/**
 * The Firebase backend, when VITE_BACKEND is firebase: see create-backend.ts. Firebase app and Firestore
 * load with the page; Firebase Auth is a further dynamic import inside it (decision 0006).
 */
import { storageOrMemory } from '@chat/core';
import { createFirebaseBackend } from '@chat/firebase';
import type { CreateBackend } from './create-backend.js';

export const createBackend: CreateBackend = (env) => {
  // parseEnv requires them for a Firebase build; AppEnv's type cannot say so.
  if (!env.firebase) throw new Error('Firebase settings are missing (see web/.env.example)');
  const { chatServiceUrl, authEmulatorHost, firestoreEmulatorHost, ...firebase } = env.firebase;
  return createFirebaseBackend({
    firebase,
    chatServiceUrl,
    // In memory where the browser refuses storage (the page in a cross-site frame: see storageOrMemory).
    sessionHint: storageOrMemory(() => window.localStorage),
    ...(authEmulatorHost ? { authEmulatorHost } : {}),
    ...(firestoreEmulatorHost ? { firestoreEmulatorHost } : {}),
  });
};
