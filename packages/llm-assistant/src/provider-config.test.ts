import { describe, expect, it } from 'vitest';
import { readAssistantConfig } from './provider-config.js';

describe('the assistant configuration from the environment', () => {
  it('without configuration: the built-in rules, no key needed', () => {
    expect(readAssistantConfig({})).toEqual({ ok: true, config: { provider: 'rules' } });
    expect(readAssistantConfig({ ASSISTANT_PROVIDER: ' ', OPENAI_API_KEY: 'ignored' })).toEqual({
      ok: true,
      config: { provider: 'rules' },
    });
  });

  it('gemini needs GEMINI_API_KEY; the model has a default', () => {
    expect(readAssistantConfig({ ASSISTANT_PROVIDER: 'gemini' })).toEqual({
      ok: false,
      problems: ['GEMINI_API_KEY is required when ASSISTANT_PROVIDER=gemini'],
    });
    expect(readAssistantConfig({ ASSISTANT_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' })).toEqual({
      ok: true,
      config: { provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'k' },
    });
  });

  it('openai: OpenAI itself with a key, or any OpenAI-compatible server by its URL and model', () => {
    expect(readAssistantConfig({ ASSISTANT_PROVIDER: 'openai', OPENAI_API_KEY: 'sk' })).toEqual({
      ok: true,
      config: { provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk', baseUrl: null },
    });
    expect(
      readAssistantConfig({
        ASSISTANT_PROVIDER: 'openai',
        OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
        ASSISTANT_MODEL: 'llama3.2:3b',
      }),
    ).toEqual({
      ok: true,
      config: {
        provider: 'openai',
        model: 'llama3.2:3b',
        apiKey: null,
        baseUrl: 'http://127.0.0.1:11434/v1',
      },
    });
  });

  it('every bad or missing value is named by its variable', () => {
    expect(readAssistantConfig({ ASSISTANT_PROVIDER: 'claude' })).toEqual({
      ok: false,
      problems: ['ASSISTANT_PROVIDER must be one of rules, gemini, openai, got "claude"'],
    });
    const result = readAssistantConfig({
      ASSISTANT_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'ftp://models',
      ASSISTANT_MODEL: 'bad model name',
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['ASSISTANT_MODEL', 'OPENAI_BASE_URL']);
    expect(readAssistantConfig({ ASSISTANT_PROVIDER: 'openai' })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^OPENAI_API_KEY is required/)],
    });
    expect(
      readAssistantConfig({ ASSISTANT_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://x:1/v1' }),
    ).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^ASSISTANT_MODEL is required with OPENAI_BASE_URL/)],
    });
  });
});
