import { fileURLToPath } from 'node:url';
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.js';
import { assistantWithScenarios, ScenarioConfigError } from './scenario-bindings.js';

const SCENARIOS_DIR = fileURLToPath(new URL('../../../mock-server/scenarios', import.meta.url));

describe('the chat service configuration', () => {
  it('has defaults for everything (Cloud Run sets PORT)', () => {
    expect(readConfig({})).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      CORS_ORIGINS: [],
      TRUST_PROXY_HOPS: 2,
      APP_CHECK: 'off',
      RATE_LIMIT_PER_CLIENT: 120,
      LIMIT_VISITOR_CALLS: 50,
      LIMIT_VISITOR_WINDOW_MS: 86_400_000,
      LIMIT_CONVERSATION_CALLS: 40,
      LIMIT_CONVERSATION_WINDOW_MS: 86_400_000,
      BUSINESS_MODEL_CALLS_PER_DAY: 2000,
      BUSINESS_OUTPUT_TOKENS_PER_DAY: 600_000,
      BUDGET_SHARDS: 8,
      MIN_WRITE_INTERVAL_MS: 250,
      CHAT_SCENARIOS: [],
      SCENARIOS_DIR: null,
    });
  });

  it('stops the start naming every bad variable', () => {
    const read = () =>
      readConfig({
        PORT: 'eighty',
        CORS_ORIGINS: 'https://ok.example.com,chat.example.com/path',
        MIN_WRITE_INTERVAL_MS: '5',
        SCENARIOS_DIR: '/no/such/folder',
        LOG_LEVEL: 'loud',
        APP_CHECK: 'strict',
        LIMIT_VISITOR_CALLS: '0',
      });
    expect(read).toThrow(ConfigError);
    const message = (() => {
      try {
        read();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain('PORT must be an integer from 1 to 65535, got "eighty"');
    expect(message).toContain('CORS_ORIGINS must list origins like https://chat.example.com');
    expect(message).toContain('"chat.example.com/path"');
    expect(message).toContain('MIN_WRITE_INTERVAL_MS must be an integer from 50 to 10000, got "5"');
    expect(message).toContain('SCENARIOS_DIR: the folder /no/such/folder does not exist');
    expect(message).toContain('LOG_LEVEL must be one of');
    expect(message).toContain('APP_CHECK must be one of off, monitor, enforce');
    expect(message).toContain('LIMIT_VISITOR_CALLS must be an integer from 1 to 1000000, got "0"');
  });

  // The bug: a URL or a space here passed, and the start died later on a stack trace naming no variable.
  it('names a HOST or an emulator host that is not a host (a URL, a space, a missing port)', () => {
    const problems = (env: Record<string, string>) => {
      try {
        readConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problems({ HOST: 'http://0.0.0.0' })).toContain(
      'HOST must be an address or host name like 0.0.0.0, 127.0.0.1 or localhost (no scheme, port or path), got "http://0.0.0.0"',
    );
    expect(problems({ HOST: 'a b' })).toContain('HOST must be an address or host name');
    expect(problems({ FIRESTORE_EMULATOR_HOST: 'http://127.0.0.1:8080' })).toContain(
      'FIRESTORE_EMULATOR_HOST must be host:port like 127.0.0.1:8080 (no scheme or path), got "http://127.0.0.1:8080"',
    );
    expect(problems({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1' })).toContain(
      'FIREBASE_AUTH_EMULATOR_HOST must be host:port like 127.0.0.1:9099',
    );
    expect(problems({ FIRESTORE_EMULATOR_HOST: 'localhost:99999' })).toContain('FIRESTORE_EMULATOR_HOST');
    expect(
      readConfig({
        HOST: '::',
        FIRESTORE_EMULATOR_HOST: 'firestore:8080',
        FIREBASE_AUTH_EMULATOR_HOST: '[::1]:9099',
      }),
    ).toMatchObject({ HOST: '::' });
    expect(readConfig({ HOST: '', FIRESTORE_EMULATOR_HOST: '' })).toMatchObject({ HOST: '0.0.0.0' });
  });

  it('refuses CHAT_SCENARIOS naming a scenario that cannot play, or two for one business', () => {
    const bind =
      (scenarioIds: string[], dir: string | null = SCENARIOS_DIR) =>
      () =>
        assistantWithScenarios({
          dir,
          scenarioIds,
          fallback: turnAssistant(createBuiltInAssistant()),
          logger: pino({ level: 'silent' }),
        });
    expect(bind(['phone-verification-booking'])).not.toThrow();
    expect(bind(['phone-verfication-booking'])).toThrow(
      /CHAT_SCENARIOS: scenario "phone-verfication-booking" cannot be played: there is no phone-verfication-booking\.yaml/,
    );
    expect(bind(['phone-verification-booking', 'plain-questions'])).toThrow(ScenarioConfigError);
    expect(bind(['phone-verification-booking', 'plain-questions'])).toThrow(
      /both play for business bella-vista-salon/,
    );
    expect(bind(['plain-questions'], null)).toThrow('CHAT_SCENARIOS: needs SCENARIOS_DIR');
  });
});

describe('the assistant’s variables (issue 20)', () => {
  it('the built-in rules without configuration; a model and server when named', () => {
    expect(readConfig({}).ASSISTANT).toEqual({ provider: 'rules' });
    expect(
      readConfig({
        ASSISTANT_PROVIDER: 'openai',
        OPENAI_BASE_URL: 'http://10.0.0.5:8000/v1',
        ASSISTANT_MODEL: 'qwen2.5',
      }).ASSISTANT,
    ).toEqual({ provider: 'openai', model: 'qwen2.5', apiKey: null, baseUrl: 'http://10.0.0.5:8000/v1' });
  });

  it('stops the start naming the bad variable, with the others', () => {
    expect(() => readConfig({ ASSISTANT_PROVIDER: 'gemini', PORT: 'x' })).toThrow(
      /PORT must be an integer[\s\S]*GEMINI_API_KEY is required when ASSISTANT_PROVIDER=gemini/,
    );
  });
});
