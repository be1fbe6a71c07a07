/**
 * TEST-ONLY composition root for the Firebase Auth journey: the real app with the Firebase backend's
 * AuthProvider (createFirebaseBackend's lazily loaded Firebase Auth, on the Auth emulator), and the local
 * backend's data and chat over the mock server — because the Firestore emulator cannot run on every
 * machine. Built only by web/firebase-e2e/support/global-setup.ts; never part of the shipped app.
 */
import { storageOrMemory } from '@chat/core';
import { createFirebaseBackend } from '@chat/firebase';
import { createLocalBackend } from '@chat/local';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import env from 'virtual:app-env';
import { AppProviders } from '../../src/app/app-providers.js';
import { createServices } from '../../src/app/create-services.js';
import { AppRoutes } from '../../src/app/routes.js';
import '../../src/styles/tokens.css';
import '../../src/styles/global.css';

const projectId = String(import.meta.env.VITE_E2E_FIREBASE_PROJECT_ID);
const authEmulatorHost = String(import.meta.env.VITE_E2E_AUTH_EMULATOR_HOST);

const local = createLocalBackend({
  serverUrl: env.localServerUrl,
  storage: storageOrMemory(() => window.localStorage),
});
const firebase = createFirebaseBackend({
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: `${projectId}.firebaseapp.com`,
    projectId,
    appId: '1:000000000000:web:0000000000000000',
  },
  chatServiceUrl: env.localServerUrl,
  authEmulatorHost,
  sessionHint: storageOrMemory(() => window.localStorage),
});
const backend = {
  data: local.data,
  chat: local.chat,
  auth: firebase.auth,
  close() {
    local.close();
    firebase.close();
  },
};

// Lets the journey ask who is signed in after a reload (this page is never shipped).
(window as unknown as { journeyAuth: typeof firebase.auth }).journeyAuth = firebase.auth;

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');
createRoot(container).render(
  <StrictMode>
    <AppProviders services={createServices(backend, env)}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
