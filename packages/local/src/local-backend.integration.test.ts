import { newMessageId } from '@chat/core';
/**
 * packages/local against the real mock server (createApp on an ephemeral port on 127.0.0.1):
 * what the unit tests cannot show — the real protocol, tokens, ownership, and a connection lost
 * in the middle of a streamed reply.
 */
import type { ProviderError, Backend, Message } from '@chat/core';
import { createApp, type AppOptions, type ChatMockServer } from '@chat/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalAuthProvider } from './local-auth-provider.js';
import { createLocalBackend, type LocalBackendOptions } from './local-backend.js';
import { createMemoryStorage } from './testing/fake-fetch.js';

const TEST_PHONE = '+15555550100';
const BUSINESS_ID = 'bella-vista-salon';
const MINUTE = 60_000;
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(options: AppOptions = {}): Promise<{ server: ChatMockServer; url: string }> {
  const server = createApp(options);
  const { url } = await server.listen(0, '127.0.0.1');
  cleanups.push(() => server.close());
  return { server, url };
}

function backendFor(url: string, options: LocalBackendOptions = {}): Backend {
  const backend = createLocalBackend({ serverUrl: url, ...options });
  cleanups.push(() => backend.close());
  return backend;
}

async function signIn(backend: Backend) {
  const pending = await backend.auth.startPhoneVerification(TEST_PHONE, { botCheckAnchorId: 'unused' });
  return pending.confirm('123456');
}

/** Subscribes `backend` to a conversation's messages and records every list and error it reports. */
function watch(backend: Backend, conversationId: string) {
  const lists: Message[][] = [];
  const errors: ProviderError[] = [];
  backend.data.subscribeToMessages(conversationId, {
    next: (l: Message[]) => lists.push(l),
    error: (e: ProviderError) => errors.push(e),
  });
  return { lists, errors };
}

/** Creates a conversation of the default business: anonymous, or owned by the signed-in `userId`. */
function newConversation(backend: Backend, userId: string | null = null) {
  return backend.data.createConversation({
    businessId: BUSINESS_ID,
    userId,
    userType: userId === null ? 'anonymous' : 'enduser',
    isOutsideBusinessHours: false,
  });
}

describe('local backend over the mock server', () => {
  it('keeps a streamed reply whole and unduplicated across a dropped connection', async () => {
    const { server, url } = await startServer({ streaming: { chunkChars: 8, intervalMs: 5 } });
    let connections = 0;
    server.io.on('connection', () => connections++);
    const backend = backendFor(url, { socketOptions: { reconnectionDelay: 10, reconnectionDelayMax: 50 } });
    const conversation = await newConversation(backend);
    const r = watch(backend, conversation.id);
    await vi.waitFor(() => expect(r.lists).toHaveLength(1));

    await backend.data.addMessage(conversation.id, {
      id: newMessageId(),
      role: 'user',
      text: 'Which services do you offer?',
    });
    await backend.chat.send({
      message: 'Which services do you offer?',
      conversationId: conversation.id,
      businessId: BUSINESS_ID,
      profileId: BUSINESS_ID,
      userTimezone: 'UTC',
    });
    // Mid-reply: some text is shown but the reply is still streaming.
    await vi.waitFor(() => expect(r.lists.at(-1)?.some((m) => m.streaming === true)).toBe(true));
    expect(server.store.messages(conversation.id).find((m) => m.role === 'model')?.streaming).toBe(true);
    for (const socket of server.io.of('/').sockets.values()) socket.conn.close();

    // Complete: the server's reply no longer streams, and the client shows exactly what is stored.
    await vi.waitFor(
      () => {
        const stored = server.store.messages(conversation.id);
        expect(stored.find((m) => m.role === 'model')?.streaming).not.toBe(true);
        expect(r.lists.at(-1)).toEqual(stored);
      },
      { timeout: 15_000 },
    );
    // Every list had each message once, and the reply only ever grew.
    let shown = '';
    for (const list of r.lists) {
      expect(new Set(list.map((m) => m.id)).size).toBe(list.length);
      const text = list.find((m) => m.role === 'model')?.text ?? '';
      expect(text.startsWith(shown)).toBe(true);
      shown = text;
    }
    expect(r.errors).toEqual([]);
    expect(connections).toBe(2);
  }, 20_000);

  it("streams a signed-in visitor's conversation only with their token", async () => {
    const { url } = await startServer();
    const owner = backendFor(url);
    const user = await signIn(owner);
    const conversation = await newConversation(owner, user.uid);
    await owner.data.addMessage(conversation.id, { id: newMessageId(), role: 'user', text: 'mine' });
    const ownerView = watch(owner, conversation.id);
    const strangerView = watch(backendFor(url), conversation.id);

    await vi.waitFor(() => expect(ownerView.lists.at(-1)?.map((m) => m.text)).toEqual(['mine']));
    await vi.waitFor(() => expect(strangerView.errors.map((e) => e.code)).toEqual(['permission-denied']));
    expect(strangerView.lists).toEqual([]);
  });

  it('restores a stored session in a new backend, whose token the server accepts', async () => {
    const { url } = await startServer();
    const storage = createMemoryStorage();
    const first = backendFor(url, { storage });
    const { isNewUser, ...user } = await signIn(first);
    // The server saw this number sign in for the first time: a signup.
    expect(isNewUser).toBe(true);
    const conversation = await newConversation(first, user.uid);

    const second = backendFor(url, { storage });

    expect(second.auth.currentUser()).toEqual(user);
    expect(await second.data.getConversation(conversation.id)).toEqual(conversation);
    await second.auth.signOut();
    expect(backendFor(url, { storage }).auth.currentUser()).toBeNull();
  });

  it('refreshes a token near its expiry through the server', async () => {
    const { url } = await startServer();
    let skew = 0;
    const refreshes: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      if (String(input).endsWith('/identity/refresh')) refreshes.push(String(init?.body));
      return fetch(input, init);
    };
    const auth = createLocalAuthProvider({
      serverUrl: url,
      fetch: countingFetch,
      now: () => Date.now() + skew,
    });
    await (await auth.startPhoneVerification(TEST_PHONE, { botCheckAnchorId: 'x' })).confirm('123456');
    const original = await auth.getIdToken();

    // One-hour tokens: 58 minutes on, the client is inside the 5-minute margin and must refresh.
    skew = 58 * MINUTE;
    const refreshed = await auth.getIdToken();

    expect(original).toEqual(expect.any(String));
    expect(refreshes).toEqual([expect.stringMatching(/^\{"refreshToken":"[^"]+"\}$/)]);
    expect(refreshed).toEqual(expect.any(String));
    // The server accepts the refreshed token: a second refresh with it succeeds and keeps the session.
    skew = 59 * MINUTE;
    expect(await auth.getIdToken()).toEqual(expect.any(String));
    expect(refreshes).toHaveLength(2);
    expect(auth.currentUser()?.phoneNumber).toBe(TEST_PHONE);
  });

  // Issue 19, point 2: after the console's "Clock +1 hour" (or a real hour) a verified visitor's next
  // message failed ('The ID token has expired') and only "Real time" recovered.
  it("keeps a verified visitor's reads, writes, chat and live stream working after the server's clock moves 2 h", async () => {
    const { url, server } = await startServer();
    const backend = backendFor(url);
    const user = await signIn(backend);
    const conversation = await newConversation(backend, user.uid);
    const view = watch(backend, conversation.id);
    await vi.waitFor(() => expect(view.lists).toEqual([[]]));
    const before = await backend.auth.getIdToken();

    server.clock.setOffset(2 * 60 * MINUTE);
    // The client's clock says the token is still good; the server's says it expired an hour ago.
    expect(await backend.auth.getIdToken()).toBe(before);
    expect(await backend.data.getConversation(conversation.id)).toMatchObject({ id: conversation.id });
    await backend.data.addMessage(conversation.id, {
      id: newMessageId(),
      role: 'user',
      text: 'What are your hours?',
    });
    const answer = await backend.chat.send(
      {
        message: 'What are your hours?',
        conversationId: conversation.id,
        businessId: BUSINESS_ID,
        profileId: BUSINESS_ID,
        userTimezone: 'America/New_York',
      },
      { idToken: before },
    );
    expect(answer).toBeDefined();
    await vi.waitFor(() =>
      expect(view.lists.at(-1)?.map((m) => m.role)).toEqual(expect.arrayContaining(['user', 'model'])),
    );
    expect(view.errors).toEqual([]);
    expect(backend.auth.currentUser()?.uid).toBe(user.uid);
    expect(await backend.auth.getIdToken()).not.toBe(before);
  });

  it('reports an unreachable server as unavailable, and its bot check as bot-check-unavailable', async () => {
    const { url, server } = await startServer();
    await server.close();
    const backend = backendFor(url);

    await expect(backend.data.getBusinessById(BUSINESS_ID)).rejects.toMatchObject({
      code: 'unavailable',
    });
    await expect(
      backend.auth.startPhoneVerification(TEST_PHONE, { botCheckAnchorId: 'x' }),
    ).rejects.toMatchObject({ code: 'bot-check-unavailable' });
  });

  it('passes socketOptions on, so a browser-like Origin on the allowlist can subscribe', async () => {
    const origin = 'http://chat.example.test';
    const { url } = await startServer({ corsOrigins: [origin] });
    const backend = backendFor(url, { socketOptions: { extraHeaders: { origin } } });
    const conversation = await newConversation(backend);
    const r = watch(backend, conversation.id);

    await vi.waitFor(() => expect(r.lists).toEqual([[]]));
  });

  it('with connectAtStart, opens one WebSocket at once (no long-polling handshake) and subscribes on it', async () => {
    const { server, url } = await startServer();
    const transports: string[] = [];
    server.io.on('connection', (socket) => transports.push(socket.conn.transport.name));
    const backend = backendFor(url, { connectAtStart: true });

    await vi.waitFor(() => expect(transports).toEqual(['websocket']));
    const conversation = await newConversation(backend);
    const r = watch(backend, conversation.id);
    await vi.waitFor(() => expect(r.lists).toEqual([[]]));
    expect(transports).toEqual(['websocket']);
  });

  it('without connectAtStart, opens no socket until the first subscription', async () => {
    const { server, url } = await startServer();
    let connections = 0;
    server.io.on('connection', () => connections++);
    const backend = backendFor(url);

    const conversation = await newConversation(backend);
    expect(connections).toBe(0);
    const r = watch(backend, conversation.id);
    await vi.waitFor(() => expect(r.lists).toEqual([[]]));
    expect(connections).toBe(1);
  });
});
