import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistantConfig, ConfigError, readConfig } from './config.js';

describe('readConfig', () => {
  it('has defaults for a local run', () => {
    expect(readConfig({})).toEqual({
      PORT: 4000,
      HOST: '127.0.0.1',
      DATA_FILE: null,
      SCENARIOS_DIR: null,
      CORS_ORIGINS: ['http://localhost:5173', 'http://127.0.0.1:5173'],
      ALLOWED_HOSTS: [],
      CONTROL_API: 'on',
      CONTROL_FROM: 'loopback',
      WEB_ASSISTANT_NAME: null,
      STREAM_CHUNK_CHARS: 12,
      STREAM_INTERVAL_MS: 40,
      RATE_LIMIT_PER_MINUTE: 600,
      DATA_RATE_LIMIT_PER_MINUTE: 6000,
      LOG_LEVEL: 'info',
    });
  });

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_FILE: '/tmp/x.jsonl',
      CORS_ORIGINS: 'http://a.test:1, https://b.test',
      ALLOWED_HOSTS: 'mock-server, 192.168.1.20,::1',
      CONTROL_API: 'off',
      STREAM_CHUNK_CHARS: '0',
      STREAM_INTERVAL_MS: '5',
      RATE_LIMIT_PER_MINUTE: '10',
      LOG_LEVEL: 'debug',
      ID_TOKEN_SECRET: 'x'.repeat(32),
    });
    expect(config).toMatchObject({
      PORT: 0,
      HOST: '0.0.0.0',
      DATA_FILE: '/tmp/x.jsonl',
      CORS_ORIGINS: ['http://a.test:1', 'https://b.test'],
      ALLOWED_HOSTS: ['mock-server', '192.168.1.20', '::1'],
      CONTROL_API: 'off',
      STREAM_CHUNK_CHARS: 0,
      STREAM_INTERVAL_MS: 5,
      RATE_LIMIT_PER_MINUTE: 10,
      LOG_LEVEL: 'debug',
    });
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      readConfig({
        PORT: '70000',
        CORS_ORIGINS: 'localhost:5173',
        CONTROL_API: 'maybe',
        LOG_LEVEL: 'loud',
        STREAM_CHUNK_CHARS: '-1',
        ALLOWED_HOSTS: 'mock-server,http://evil.example,localhost:4000',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT must be an integer from 0 to 65535, got "70000"');
    expect(message).toContain('CORS_ORIGINS (item 0): must be an origin');
    expect(message).toContain('CONTROL_API must be "on" or "off"');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('STREAM_CHUNK_CHARS');
    expect(message).toContain(
      'ALLOWED_HOSTS must list host names without port or scheme (e.g. mock-server,192.168.1.20), got "http://evil.example", "localhost:4000"',
    );
  });

  // The bug: HOST=http://… passed, and the start failed at listen without naming HOST.
  it('names a HOST that is not an address or host name', () => {
    expect(() => readConfig({ HOST: 'http://192.168.1.20' })).toThrow(
      'HOST must be an address or host name like 0.0.0.0, 127.0.0.1 or localhost (no scheme, port or path), got "http://192.168.1.20"',
    );
    expect(() => readConfig({ HOST: '127.0.0.1:4000' })).toThrow('HOST must be an address or host name');
    expect(readConfig({ HOST: ' 0.0.0.0 ' }).HOST).toBe('0.0.0.0');
    expect(readConfig({ HOST: 'mock-server' }).HOST).toBe('mock-server');
  });

  it('reads SCENARIOS_DIR as an absolute folder that must exist', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-scenarios-'));
    try {
      expect(readConfig({ SCENARIOS_DIR: dir }).SCENARIOS_DIR).toBe(dir);
      const relative = path.relative(process.cwd(), dir);
      expect(readConfig({ SCENARIOS_DIR: relative }).SCENARIOS_DIR).toBe(dir);
      expect(() => readConfig({ SCENARIOS_DIR: path.join(dir, 'missing') })).toThrow(
        `- SCENARIOS_DIR: the folder ${path.join(dir, 'missing')} does not exist`,
      );
      fs.writeFileSync(path.join(dir, 'file.yaml'), '');
      expect(() => readConfig({ SCENARIOS_DIR: path.join(dir, 'file.yaml') })).toThrow(
        'SCENARIOS_DIR: ' + path.join(dir, 'file.yaml') + ' is a file, not a folder',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('readConfig: the assistant (issue 20)', () => {
  it('names a bad ASSISTANT_PROVIDER and a missing key, with the other bad variables', () => {
    expect(() => readConfig({ ASSISTANT_PROVIDER: 'gpt', PORT: 'x' })).toThrow(
      /PORT must be an integer[\s\S]*ASSISTANT_PROVIDER must be one of rules, gemini, openai, got "gpt"/,
    );
    expect(() => readConfig({ ASSISTANT_PROVIDER: 'gemini' })).toThrow(
      'GEMINI_API_KEY is required when ASSISTANT_PROVIDER=gemini',
    );
    expect(() => readConfig({ ASSISTANT_PROVIDER: 'openai', OPENAI_BASE_URL: 'not a url' })).toThrow(
      /OPENAI_BASE_URL must be an http or https URL/,
    );
  });

  it('reads the model and server of an OpenAI-compatible provider; without configuration, the rules', () => {
    const env = {
      ASSISTANT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      ASSISTANT_MODEL: 'llama3.1:8b',
    };
    expect(() => readConfig(env)).not.toThrow();
    expect(assistantConfig(env)).toEqual({
      provider: 'openai',
      model: 'llama3.1:8b',
      apiKey: null,
      baseUrl: 'http://127.0.0.1:11434/v1',
    });
    expect(assistantConfig({})).toEqual({ provider: 'rules' });
  });
});
