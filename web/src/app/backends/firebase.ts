/**
 * The Firebase backend, when VITE_BACKEND is firebase: see create-backend.ts. The Firebase app and the
 * data provider's REST calls load with the page; Firestore's SDK (decision 0036) and Firebase Auth
 * (decision 0006) are further dynamic imports inside it.
 */
import { ProviderError, storageOrMemory } from '@chat/core';
import { businessFromRestDocument, createFirebaseBackend } from '@chat/firebase';
import { businessReadUrl } from '../first-read/business-read-url.js';
import { withFirstBusinessRead } from '../first-read/first-business-read.js';
import type { CreateBackend } from './create-backend.js';

export const createBackend: CreateBackend = (env) => {
  // parseEnv requires them for a Firebase build; AppEnv's type cannot say so.
  if (!env.firebase) throw new Error('Firebase settings are missing (see web/.env.example)');
  const { chatServiceUrl, authEmulatorHost, firestoreEmulatorHost, appCheck, ...firebase } = env.firebase;
  const backend = createFirebaseBackend({
    firebase,
    chatServiceUrl,
    // In memory where the browser refuses storage (the page in a cross-site frame: see storageOrMemory).
    sessionHint: storageOrMemory(() => window.localStorage),
    ...(authEmulatorHost ? { authEmulatorHost } : {}),
    ...(firestoreEmulatorHost ? { firestoreEmulatorHost } : {}),
    ...(appCheck ? { appCheck } : {}),
  });
  // The business may already have been read over Firestore's REST API by index.html's first-read script,
  // before the SDK's handshake: its first read takes that answer (decision 0021). The live listener and
  // every other read and write are the SDK's, as before.
  const data = withFirstBusinessRead(
    backend.data,
    (id) => businessReadUrl(env, id),
    async (response, id) => {
      if (response.status === 404) return null;
      const business = businessFromRestDocument(id, await response.json());
      if (!business.ok) throw new ProviderError('internal', business.problem);
      return business.value;
    },
  );
  return { ...backend, data };
};
