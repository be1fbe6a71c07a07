import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.js';

/** A complete Firebase configuration, as web/.env.example asks for it. */
const FIREBASE_ENV = {
  VITE_BACKEND: 'firebase',
  VITE_CHAT_SERVICE_URL: 'https://chat.example.com/',
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
  VITE_DEFAULT_BUSINESS_ID: 'acme-dental',
  VITE_SUPPORT_FORM_URL: 'https://acme.example.org/help',
};

describe('parseEnv', () => {
  it('uses the local backend and the documented defaults when nothing is set', () => {
    expect(parseEnv({})).toEqual({
      backend: 'local',
      localServerUrl: 'http://127.0.0.1:4000',
      defaultBusinessId: 'bella-vista-salon',
      assistantName: 'Ava',
      supportFormUrl: 'https://support.example.com/contact',
    });
  });

  it('treats blank values as unset and ignores non-VITE keys', () => {
    const env = parseEnv({ VITE_ASSISTANT_NAME: '  ', MODE: 'test', VITE_LOCAL_SERVER_URL: 'http://h:1/' });
    expect(env.assistantName).toBe('Ava');
    expect(env.localServerUrl).toBe('http://h:1');
  });

  it('lists every missing firebase variable in one error', () => {
    let error: unknown;
    try {
      parseEnv({ VITE_BACKEND: 'firebase', VITE_FIREBASE_API_KEY: 'key' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const key of [
      'VITE_CHAT_SERVICE_URL',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_FIREBASE_APP_ID',
    ]) {
      expect(message).toContain(key);
    }
    expect(message).not.toContain('VITE_FIREBASE_API_KEY');
  });

  it('names each malformed variable', () => {
    const bad = {
      VITE_BACKEND: 'cloud',
      VITE_SUPPORT_FORM_URL: 'javascript:alert(1)',
      VITE_DEFAULT_BUSINESS_ID: 'a b',
    };
    expect(() => parseEnv(bad)).toThrow(EnvError);
    const message = (() => {
      try {
        parseEnv(bad);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(message).toContain('VITE_BACKEND');
    expect(message).toContain('VITE_SUPPORT_FORM_URL');
    expect(message).toContain('VITE_DEFAULT_BUSINESS_ID');
  });

  it('returns the firebase settings when they are complete', () => {
    const env = parseEnv({
      ...FIREBASE_ENV,
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    });
    expect(env.firebase).toEqual({
      apiKey: 'key',
      authDomain: 'demo.firebaseapp.com',
      projectId: 'demo',
      appId: '1:2:web:3',
      chatServiceUrl: 'https://chat.example.com',
      authEmulatorHost: '127.0.0.1:9099',
      firestoreEmulatorHost: '127.0.0.1:8080',
    });
    expect(env.defaultBusinessId).toBe('acme-dental');
    expect(env.supportFormUrl).toBe('https://acme.example.org/help');
  });

  it('turns App Check on with a site key (and the debug provider with a debug token), off without', () => {
    expect(parseEnv(FIREBASE_ENV).firebase).not.toHaveProperty('appCheck');
    expect(
      parseEnv({ ...FIREBASE_ENV, VITE_APPCHECK_SITE_KEY: '6LcAbCdEfGhIjKlMnOp' }).firebase?.appCheck,
    ).toEqual({
      siteKey: '6LcAbCdEfGhIjKlMnOp',
    });
    expect(
      parseEnv({
        ...FIREBASE_ENV,
        VITE_APPCHECK_SITE_KEY: '6LcAbCdEfGhIjKlMnOp',
        VITE_APPCHECK_DEBUG_TOKEN: '123e4567-e89b-12d3-a456-426614174000',
      }).firebase?.appCheck,
    ).toEqual({ siteKey: '6LcAbCdEfGhIjKlMnOp', debugToken: '123e4567-e89b-12d3-a456-426614174000' });
    expect(() => parseEnv({ ...FIREBASE_ENV, VITE_APPCHECK_SITE_KEY: 'not a key!' })).toThrow(
      /VITE_APPCHECK_SITE_KEY: must be a reCAPTCHA Enterprise site key/,
    );
    expect(() => parseEnv({ ...FIREBASE_ENV, VITE_APPCHECK_DEBUG_TOKEN: 'true' })).toThrow(
      /VITE_APPCHECK_DEBUG_TOKEN: needs VITE_APPCHECK_SITE_KEY/,
    );
  });

  it('never falls back to the demo business or support form in a firebase build', () => {
    const { VITE_DEFAULT_BUSINESS_ID: _id, VITE_SUPPORT_FORM_URL: _form, ...complete } = FIREBASE_ENV;
    expect(() => parseEnv(complete)).toThrow(
      /VITE_DEFAULT_BUSINESS_ID: is required when VITE_BACKEND is firebase[\s\S]*VITE_SUPPORT_FORM_URL: is required/,
    );
  });

  it("takes '/' as the chat service on the page's own origin", () => {
    const env = parseEnv({ ...FIREBASE_ENV, VITE_CHAT_SERVICE_URL: '/' });
    expect(env.firebase?.chatServiceUrl).toBe('');
    expect(() => parseEnv({ VITE_CHAT_SERVICE_URL: 'chat.example.com' })).toThrow(/VITE_CHAT_SERVICE_URL/);
  });

  it('trims the assistant name and names one over 40 characters', () => {
    expect(parseEnv({ VITE_ASSISTANT_NAME: '  Sam ' }).assistantName).toBe('Sam');
    expect(() => parseEnv({ VITE_ASSISTANT_NAME: 'x'.repeat(41) })).toThrow(
      /VITE_ASSISTANT_NAME: must be at most 40 characters/,
    );
  });

  it('names a variable that is not a string and says what a bad business id may contain', () => {
    expect(() => parseEnv({ VITE_LOCAL_SERVER_URL: true })).toThrow(
      /VITE_LOCAL_SERVER_URL: must be a string/,
    );
    expect(() => parseEnv({ VITE_DEFAULT_BUSINESS_ID: 'a/b' })).toThrow(
      /VITE_DEFAULT_BUSINESS_ID: must contain only letters, digits, "_" or "-"/,
    );
  });

  it('names a malformed emulator host', () => {
    expect(() => parseEnv({ VITE_FIRESTORE_EMULATOR_HOST: 'http://127.0.0.1:8080' })).toThrow(
      /VITE_FIRESTORE_EMULATOR_HOST: must be host:port/,
    );
  });
});
