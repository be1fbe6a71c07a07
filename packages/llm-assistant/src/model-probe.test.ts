import { afterEach, describe, expect, it } from 'vitest';
import { closedPort } from './closed-port.js';
import { describeModelStatus, probeModel } from './model-probe.js';
import { startScriptedOpenAiServer } from './scripted-openai-server.js';
import type { ScriptedOpenAiServer } from './scripted-openai-server.js';

let scripted: ScriptedOpenAiServer | null = null;
afterEach(async () => {
  await scripted?.close();
  scripted = null;
});

describe('probeModel (the start-up check of the configured model)', () => {
  it('reports a closed port as unreachable, naming the URL and the refusal', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const status = await probeModel({ provider: 'openai', model: 'llama3', apiKey: null, baseUrl });
    expect(status).toEqual({
      provider: 'openai',
      model: 'llama3',
      url: baseUrl,
      reachable: false,
      error: expect.stringMatching(/ECONNREFUSED/) as string,
    });
    expect(describeModelStatus(status)).toMatch(
      new RegExp(`^openai llama3 at ${baseUrl.replace(/[.]/g, '\\.')}: UNREACHABLE \\(.*ECONNREFUSED`),
    );
  });

  it('reports a server that answers its model list as reachable', async () => {
    scripted = await startScriptedOpenAiServer(() => ({ text: 'unused' }));
    const status = await probeModel({
      provider: 'openai',
      model: 'scripted',
      apiKey: null,
      baseUrl: scripted.baseUrl,
    });
    expect(status).toEqual({ provider: 'openai', model: 'scripted', url: scripted.baseUrl, reachable: true });
    expect(describeModelStatus(status)).toBe(`openai scripted at ${scripted.baseUrl}: reachable`);
  });

  it("reports a refused key with the provider's status and message, and sends the key only as a header", async () => {
    const seen: Array<{ url: string; headers: unknown }> = [];
    const status = await probeModel(
      { provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'secret-key' },
      {
        fetch: (async (url: string, init: RequestInit) => {
          seen.push({ url, headers: init.headers });
          return new Response(JSON.stringify({ error: { message: 'API key not valid.' } }), { status: 400 });
        }) as typeof fetch,
      },
    );
    expect(status.reachable).toBe(false);
    expect(status.error).toBe('HTTP 400: API key not valid.');
    expect(status.url).not.toContain('secret-key');
    expect(seen[0]!.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash');
    expect(seen[0]!.headers).toEqual({ 'x-goog-api-key': 'secret-key' });
  });

  it('gives up on a host that never answers after the timeout', async () => {
    const status = await probeModel(
      { provider: 'openai', model: 'm', apiKey: 'k', baseUrl: 'http://10.255.255.1/v1' },
      {
        timeoutMs: 20,
        fetch: ((_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error)),
          )) as typeof fetch,
      },
    );
    expect(status).toMatchObject({ reachable: false, error: 'no answer within 20 ms' });
  });
});
