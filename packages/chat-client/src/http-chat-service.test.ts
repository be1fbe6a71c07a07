import { ProviderError, type ChatResumeBody, type ChatSendBody } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { createHttpChatService } from './http-chat-service.js';

interface RecordedCall {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each call and answers with what `answer` returns (or throws). */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push({
      url: String(input),
      method: init?.method,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    return answer();
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sendBody: ChatSendBody = {
  message: 'What are your hours?',
  conversationId: 'conv-1',
  businessId: 'bella-vista-salon',
  profileId: 'bella-vista-salon',
  userTimezone: 'Europe/Paris',
};

const resumeBody: ChatResumeBody = {
  conversationId: 'conv-1',
  businessId: 'bella-vista-salon',
  profileId: 'bella-vista-salon',
  contextType: 'enduser',
  userTimezone: 'Europe/Paris',
  resume: {
    respond: [
      {
        toolRequest: { name: 'requestPhoneSignIn', ref: 't1' },
        response: { requiresAuth: true, action: 'PHONE_SIGN_IN', message: 'Authentication successful' },
      },
    ],
  },
};

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('createHttpChatService', () => {
  it('posts the send body as JSON to {baseUrl}/api/chat without Authorization when anonymous', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { smartReplies: ['Book now'] }));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test:4000/', fetch });

    const answer = await chat.send(sendBody);

    expect(answer).toEqual({ smartReplies: ['Book now'] });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('http://chat.test:4000/api/chat');
    expect(call?.method).toBe('POST');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers).not.toHaveProperty('authorization');
    // contextType defaults to 'enduser' (§7) and is sent explicitly.
    expect(call?.body).toEqual({ ...sendBody, contextType: 'enduser' });
  });

  it('sends the bearer token only when an idToken is given', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    await chat.send(sendBody, { idToken: 'token-abc' });
    await chat.send(sendBody, { idToken: null });
    await chat.send(sendBody, { idToken: '' });

    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer token-abc', undefined, undefined]);
  });

  it('adds the headers its supplier gives on every call, asked afresh each time (App Check)', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    let n = 0;
    const chat = createHttpChatService({
      baseUrl: 'http://chat.test',
      fetch,
      headers: async () => ({ 'X-Firebase-AppCheck': `app-check-${++n}` }),
    });

    await chat.send(sendBody);
    await chat.resume(resumeBody);

    expect(calls.map((c) => c.headers['X-Firebase-AppCheck'])).toEqual(['app-check-1', 'app-check-2']);
  });

  it('posts the resume body with resume.respond and no message', async () => {
    const interrupt = {
      toolRequest: { name: 'requestPhoneSignIn' },
      metadata: { interrupt: { message: 'Please verify' } },
    };
    const { fetch, calls } = fakeFetch(() => json(200, { interrupts: [interrupt] }));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    const answer = await chat.resume(resumeBody, { idToken: 't' });

    expect(answer.interrupts?.[0]?.metadata?.interrupt?.message).toBe('Please verify');
    expect(calls[0]?.body).toEqual(resumeBody);
    expect(calls[0]?.body).not.toHaveProperty('message');
    expect(calls[0]?.headers.authorization).toBe('Bearer t');
  });

  it('rejects an invalid send body with invalid-argument naming the field, before any request', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    const error = await rejection(chat.send({ ...sendBody, message: '', userTimezone: undefined as never }));

    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('message');
    expect(error.message).toContain('userTimezone');
    expect(calls).toHaveLength(0);
  });

  it('rejects a resume body without respond entries, before any request', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    const error = await rejection(chat.resume({ ...resumeBody, resume: { respond: [] } }));

    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('resume.respond');
    expect(calls).toHaveLength(0);
  });

  it('maps a non-OK answer with an error body to its code, message and status', async () => {
    const { fetch } = fakeFetch(() =>
      json(401, { error: { code: 'unauthenticated', message: 'The ID token has expired' } }),
    );
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    const error = await rejection(chat.send(sendBody, { idToken: 'old' }));

    expect(error).toMatchObject({
      code: 'unauthenticated',
      status: 401,
      message: 'The ID token has expired',
    });
  });

  it.each([
    [500, 'internal'],
    [503, 'unavailable'],
    [429, 'too-many-requests'],
    [403, 'permission-denied'],
    [400, 'invalid-argument'],
  ] as const)('maps a bare HTTP %i to %s', async (status, code) => {
    const { fetch } = fakeFetch(() => new Response('<html>oops</html>', { status }));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    const error = await rejection(chat.send(sendBody));

    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it('maps a network failure to unavailable', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    const error = await rejection(chat.send(sendBody));

    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('fetch failed');
  });

  it('rejects a malformed OK answer with internal naming the field', async () => {
    const { fetch } = fakeFetch(() => json(200, { interrupts: [{ toolRequest: { name: 42 } }] }));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    const error = await rejection(chat.send(sendBody));

    expect(error.code).toBe('internal');
    expect(error.message).toContain('interrupts.0.toolRequest.name');
  });

  it('rejects an OK answer that is not JSON with internal', async () => {
    const { fetch } = fakeFetch(() => new Response('not json', { status: 200 }));
    const chat = createHttpChatService({ baseUrl: 'http://chat.test', fetch });

    expect((await rejection(chat.send(sendBody))).code).toBe('internal');
  });
});
