// Regression: in the embed snippet's iframe on a business's own site (another site than the chat's),
// Chromium denies the page its storage — reading window.localStorage throws a SecurityError — and the
// page showed "The chat could not start". Where storage is refused, the page keeps what it would store
// in memory instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../config/env.js';
import { createInMemoryBackend } from '@chat/contract/in-memory';
import { createBackend as createFirebaseBackend } from './backends/firebase.js';
import { createBackend as createLocalBackend } from './backends/local.js';
import { createServices } from './create-services.js';

function denyStorage() {
  const denied = () => {
    throw new DOMException(
      "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
      'SecurityError',
    );
  };
  vi.spyOn(window, 'localStorage', 'get').mockImplementation(denied);
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(denied);
}

afterEach(() => vi.restoreAllMocks());

describe('the page where the browser denies it storage (a cross-site frame)', () => {
  it('keeps the conversation id in memory for the page', () => {
    denyStorage();
    expect(() => window.sessionStorage).toThrow(DOMException);
    const services = createServices(createInMemoryBackend(), parseEnv({}));
    services.storage.setItem('chat.conversationId', 'c1');
    expect(services.storage.getItem('chat.conversationId')).toBe('c1');
  });

  it('starts the local backend, its session in memory', () => {
    denyStorage();
    const backend = createLocalBackend(parseEnv({ VITE_LOCAL_SERVER_URL: 'http://127.0.0.1:9' }));
    try {
      expect(backend.auth.currentUser()).toBeNull();
    } finally {
      backend.close();
    }
  });

  it('starts the Firebase backend, its sign-in hint in memory', () => {
    denyStorage();
    const backend = createFirebaseBackend(
      parseEnv({
        VITE_BACKEND: 'firebase',
        VITE_DEFAULT_BUSINESS_ID: 'bella-vista-salon',
        VITE_SUPPORT_FORM_URL: 'https://support.example.com/contact',
        VITE_CHAT_SERVICE_URL: 'https://chat.example.com',
        VITE_FIREBASE_API_KEY: 'demo-api-key',
        VITE_FIREBASE_AUTH_DOMAIN: 'demo-business-chat.firebaseapp.com',
        VITE_FIREBASE_PROJECT_ID: 'demo-business-chat',
        VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
      }),
    );
    try {
      expect(backend.auth.currentUser()).toBeNull();
    } finally {
      backend.close();
    }
  });
});
