/**
 * The production chat service on the Firestore and Auth emulators, as the page and a hostile caller
 * use it: what it writes (a reply growing in place, then complete; the interrupt's auth message;
 * lastMessage), how many Firestore writes a streamed reply costs, and every refusal with the error
 * contract the mock server answers with. Runs in `npm run test:firestore`; skipped without emulators.
 */
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import type { Assistant } from '@chat/assistant';
import { contractBusiness } from '@chat/contract';
import { ErrorBodySchema, PHONE_SIGN_IN_TOOL } from '@chat/core';
import type { Business } from '@chat/core';
import { getAuth } from 'firebase-admin/auth';
import { pino } from 'pino';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminApp,
  callChat,
  clearFirestore,
  emulatorsRunning,
  saveVisitorMessage,
  seedBusiness,
  seedConversation,
  customTokenVisitor,
  signedInVisitor,
  startService,
  watchWrites,
} from './testing/emulator-service.js';
import type { RunningService } from './testing/emulator-service.js';

const BUILT_IN = turnAssistant(createBuiltInAssistant());

/** An assistant that streams like a language model: `tokens` appends, `everyMs` apart. */
function streamingAssistant(tokens: number, everyMs: number): Assistant {
  return {
    async respond(_input, writer) {
      for (let i = 0; i < tokens; i++) {
        await writer.append(`token${i} `);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      writer.setSmartReplies(['What are your hours?', 'Where are you?']);
    },
  };
}

describe.skipIf(!emulatorsRunning)('the chat service on the Firebase emulators', () => {
  let service: RunningService;
  let business: Business;

  beforeAll(async () => {
    service = await startService(BUILT_IN);
  });
  afterAll(async () => {
    await service?.stop();
  });
  beforeEach(async () => {
    await clearFirestore();
    business = contractBusiness();
    await seedBusiness(service.db, business);
  });

  /** A send body for the test business's conversation. */
  const chatBody = (conversationId: string, message = 'Hi', userTimezone = 'UTC') => ({
    message,
    conversationId,
    businessId: business.id,
    profileId: business.id,
    userTimezone,
  });

  async function ask(text: string, conversationId: string, idToken?: string) {
    await saveVisitorMessage(service.db, conversationId, text);
    return callChat(
      service.url,
      chatBody(conversationId, text, 'America/New_York'),
      idToken ? { idToken } : {},
    );
  }

  function expectError(
    call: { status: number; body: unknown },
    status: number,
    code: string,
    mentions?: string,
  ) {
    expect(call.status).toBe(status);
    const { error } = ErrorBodySchema.parse(call.body);
    expect(error.code).toBe(code);
    if (mentions) expect(error.message).toContain(mentions);
  }

  it('writes the reply growing in place, then complete with its smart replies, then lastMessage', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    const watch = watchWrites(service.db, conversationId);

    const call = await ask('What are your opening hours?', conversationId);

    expect(call.status).toBe(200);
    expect(call.body.interrupts ?? []).toEqual([]);
    expect(call.body.smartReplies?.length).toBeGreaterThanOrEqual(2);
    await vi.waitFor(() =>
      expect(watch.latest().filter((m) => m.role === 'model' && !m.streaming)).toHaveLength(1),
    );
    const replyVersions = watch.versions.filter((v) => v.role === 'model');
    const final = replyVersions.at(-1)!;
    // Every earlier version was streaming and a prefix of the final text.
    for (const version of replyVersions.slice(0, -1)) {
      expect(version.streaming).toBe(true);
      expect(final.text.startsWith(version.text)).toBe(true);
    }
    expect(final).not.toHaveProperty('streaming');
    expect(final.text).toContain('Here are our regular hours');
    console.log(
      `Firestore writes for the built-in assistant's hours reply (${final.text.length} characters): ${replyVersions.length}`,
    );
    expect(final.smartReplies).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: expect.any(String) })]),
    );
    const conversation = (await service.db.collection('conversations').doc(conversationId).get()).data()!;
    expect(conversation.lastMessage).toMatchObject({
      sender: 'model',
      messageId: final.id,
      text: final.text,
    });
    expect(conversation.updatedAt.toMillis()).toBeGreaterThan(conversation.createdAt.toMillis());
    watch.stop();
  });

  it('answers a send naming a message still being saved once it lands, its reply stored after it (decision 0025)', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    const messages = service.db.collection('conversations').doc(conversationId).collection('messages');
    const message = messages.doc();
    let answered = false;
    const call = callChat(service.url, {
      ...chatBody(conversationId, 'What are your opening hours?'),
      messageId: message.id,
    }).then((result) => {
      answered = true;
      return result;
    });
    await message.create({
      role: 'user',
      text: 'What are your opening hours?',
      createdAt: FieldValue.serverTimestamp(),
    });
    expect((await call).status).toBe(200);
    expect(answered).toBe(true);
    const stored = (await messages.orderBy('createdAt').get()).docs.map((doc) => doc.data());
    expect(stored.map((m) => m.role)).toEqual(['user', 'model']);
    expect(stored[1]!.text).toContain('Here are our regular hours');
  });

  it('refuses a send whose message never lands (409 message-not-saved) and one naming a reply (400), writing nothing', async () => {
    const impatient = await startService(BUILT_IN, { savedMessageWaitMs: 300 });
    try {
      const conversationId = await seedConversation(impatient.db, business.id);
      const messages = impatient.db.collection('conversations').doc(conversationId).collection('messages');
      expectError(
        await callChat(impatient.url, { ...chatBody(conversationId), messageId: 'never-saved' }),
        409,
        'message-not-saved',
        'messageId: message never-saved was not saved',
      );
      const reply = await messages.add({
        role: 'model',
        text: 'Hello!',
        createdAt: FieldValue.serverTimestamp(),
      });
      expectError(
        await callChat(impatient.url, { ...chatBody(conversationId), messageId: reply.id }),
        400,
        'invalid-argument',
        'messageId',
      );
      expect((await messages.get()).docs.map((doc) => doc.id)).toEqual([reply.id]);
    } finally {
      await impatient.stop();
    }
  });

  it('stores a streamed reply in a few writes per second (measured), whatever the token rate', async () => {
    const streaming = await startService(streamingAssistant(100, 20));
    try {
      const conversationId = await seedConversation(streaming.db, business.id);
      const watch = watchWrites(streaming.db, conversationId);
      await saveVisitorMessage(streaming.db, conversationId, 'Tell me everything');
      const started = Date.now();
      const call = await callChat(streaming.url, chatBody(conversationId, 'Tell me everything'));
      const seconds = (Date.now() - started) / 1000;
      expect(call.status).toBe(200);
      await vi.waitFor(() =>
        expect(watch.latest().find((m) => m.role === 'model' && !m.streaming)).toBeDefined(),
      );
      const writes = watch.versions.filter((v) => v.role === 'model').length;
      console.log(
        `Firestore writes for one reply of 100 tokens streamed over ${seconds.toFixed(1)} s: ${writes}`,
      );
      // 100 appends, but at most one write per 250 ms while streaming, plus the first and the last.
      expect(writes).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 2);
      expect(writes).toBeGreaterThanOrEqual(3);
      expect(
        watch
          .latest()
          .find((m) => m.role === 'model')!
          .text.split(' ')
          .filter(Boolean),
      ).toHaveLength(100);
      watch.stop();
    } finally {
      await streaming.stop();
    }
  });

  it('answers 404 when the conversation is deleted while its reply streams, and logs no error', async () => {
    const logged: Array<{ level: number; msg?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const streaming = await startService(streamingAssistant(200, 20), { logger });
    try {
      const conversationId = await seedConversation(streaming.db, business.id);
      const watch = watchWrites(streaming.db, conversationId);
      await saveVisitorMessage(streaming.db, conversationId, 'Tell me everything');
      const call = callChat(streaming.url, chatBody(conversationId, 'Tell me everything'));
      await vi.waitFor(() => expect(watch.latest().find((m) => m.role === 'model')).toBeDefined(), {
        timeout: 20_000,
      });
      watch.stop();
      await streaming.db.recursiveDelete(streaming.db.collection('conversations').doc(conversationId));

      const answer = await call;
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ code: 'not-found' });
      expect(answer.body.error!.message).toContain('deleted while its reply was written');
      // pino's error level is 50: nothing an operator would be paged for.
      expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await streaming.stop();
    }
  });

  it('asks an anonymous visitor who wants to book to verify, and stores the auth message after the reply', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    const watch = watchWrites(service.db, conversationId);

    const call = await ask('I would like to change my booking', conversationId);

    expect(call.status).toBe(200);
    const [interrupt] = call.body.interrupts ?? [];
    expect(interrupt?.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    await vi.waitFor(() => expect(watch.latest().filter((m) => m.type === 'auth')).toHaveLength(1));
    const messages = watch.latest();
    const auth = messages.find((m) => m.type === 'auth')!;
    expect(auth).toMatchObject({
      role: 'model',
      text: interrupt!.metadata!.interrupt!.message,
      toolRequest: interrupt!.toolRequest,
    });
    expect(messages.at(-1)).toBe(auth);
    const conversation = (await service.db.collection('conversations').doc(conversationId).get()).data()!;
    expect(conversation.lastMessage).toMatchObject({ messageId: auth.id, text: auth.text });
    watch.stop();
  });

  it("serves a signed-in visitor's own conversation and refuses it to anyone else (403), anonymous included", async () => {
    const owner = await signedInVisitor('owner-uid');
    const other = await signedInVisitor('other-uid');
    const conversationId = await seedConversation(service.db, business.id, { userId: owner.uid });

    expect((await ask('What are your opening hours?', conversationId, owner.idToken)).status).toBe(200);
    expectError(
      await ask('Hello', conversationId, other.idToken),
      403,
      'permission-denied',
      'another visitor',
    );
    expectError(await ask('Hello', conversationId), 403, 'permission-denied', 'signed-in visitor');
  });

  it('refuses an invalid, a malformed and a revoked ID token with 401', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    expectError(await ask('Hi', conversationId, 'not-a-token'), 401, 'unauthenticated', 'not valid');
    const malformed = await callChat(service.url, chatBody(conversationId), {
      headers: { authorization: 'Basic abc' },
    });
    expectError(malformed, 401, 'unauthenticated', 'Bearer');

    const visitor = await signedInVisitor('revoked-uid');
    expect((await ask('Hi', conversationId, visitor.idToken)).status).toBe(200);
    // Revocation counts in whole seconds after the token was issued.
    const issuedSecond = Math.floor(Date.now() / 1000);
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(issuedSecond), {
      timeout: 2_000,
    });
    const { app } = adminApp();
    await getAuth(app).revokeRefreshTokens(visitor.uid);
    expectError(await ask('Hi', conversationId, visitor.idToken), 401, 'unauthenticated', 'revoked');
  });

  it('refuses a valid token that was not signed in with a phone number (401, issue 27 item 5)', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    const custom = await customTokenVisitor('custom-uid');
    expectError(
      await ask('Hi', conversationId, custom.idToken),
      401,
      'unauthenticated',
      '"custom", not a phone number',
    );
    // The same conversation with a phone-verified visitor's token is served.
    const visitor = await signedInVisitor('phone-visitor');
    expect((await ask('Hi', conversationId, visitor.idToken)).status).toBe(200);
  });

  it('refuses unknown and unapproved businesses, unknown and expired conversations, and a PHONE_SIGN_IN resume without a token', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    const body = chatBody(conversationId);

    expectError(await callChat(service.url, { ...body, conversationId: 'nope' }), 404, 'not-found', 'nope');
    const pending = contractBusiness({ verification: { status: 'pending' } });
    await seedBusiness(service.db, pending);
    const pendingConversation = await seedConversation(service.db, pending.id);
    expectError(
      await callChat(service.url, { ...body, conversationId: pendingConversation, businessId: pending.id }),
      403,
      'permission-denied',
      'not approved',
    );
    const orphan = await seedConversation(service.db, 'gone-business');
    expectError(
      await callChat(service.url, { ...body, conversationId: orphan, businessId: 'gone-business' }),
      404,
      'not-found',
    );
    expectError(
      await callChat(service.url, { ...body, businessId: pending.id }),
      400,
      'invalid-argument',
      'businessId',
    );

    const expired = await seedConversation(service.db, business.id, { expiresInMs: -1_000 });
    expectError(
      await callChat(service.url, { ...body, conversationId: expired }),
      400,
      'failed-precondition',
      'expired',
    );

    const { message: _message, ...common } = body;
    const resume = {
      ...common,
      resume: {
        respond: [
          {
            toolRequest: { name: PHONE_SIGN_IN_TOOL, ref: 'r1' },
            response: { requiresAuth: true, action: 'PHONE_SIGN_IN', message: 'ok' },
          },
        ],
      },
    };
    expectError(await callChat(service.url, resume), 401, 'unauthenticated', 'PHONE_SIGN_IN');
  });

  it('refuses malformed bodies naming the field, and bodies over the size limit with 413, writing nothing', async () => {
    const conversationId = await seedConversation(service.db, business.id);
    const body = chatBody(conversationId);

    expectError(
      await callChat(service.url, { ...body, userTimezone: '' }),
      400,
      'invalid-argument',
      'userTimezone',
    );
    expectError(await callChat(service.url, { ...body, extra: 1 }), 400, 'invalid-argument', 'extra');
    expectError(await callChat(service.url, '{"message": '), 400, 'invalid-argument', 'not valid JSON');
    expectError(
      await callChat(service.url, { ...body, message: 'x'.repeat(20_000) }),
      413,
      'invalid-argument',
      'larger than',
    );
    const messages = await service.db
      .collection('conversations')
      .doc(conversationId)
      .collection('messages')
      .get();
    expect(messages.size).toBe(0);
  });

  it('limits chat requests per conversation and per client (429 with Retry-After)', async () => {
    const limited = await startService(BUILT_IN, {
      rateLimits: { windowMs: 60_000, perClient: 3, maxKeys: 100 },
      callLimits: {
        visitorCalls: 100,
        visitorWindowMs: 60_000,
        conversationCalls: 2,
        conversationWindowMs: 60_000,
      },
      trustProxyHops: 1,
    });
    try {
      const [first, second, third] = [
        await seedConversation(limited.db, business.id),
        await seedConversation(limited.db, business.id),
        await seedConversation(limited.db, business.id),
      ];
      const send = (conversationId: string, client: string) =>
        callChat(limited.url, chatBody(conversationId), { headers: { 'x-forwarded-for': client } });
      expect((await send(first, '203.0.113.1')).status).toBe(200);
      expect((await send(first, '203.0.113.2')).status).toBe(200);
      // A third turn in one conversation, even from another client.
      const third1 = await send(first, '203.0.113.3');
      expectError(third1, 429, 'too-many-requests', 'This conversation');
      expect(Number(third1.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await send(second, '203.0.113.1')).status).toBe(200);
      expect((await send(third, '203.0.113.1')).status).toBe(200);
      // The fourth request of one client on this instance, whatever the conversation; another client goes on.
      const flood = await send(second, '203.0.113.1');
      expectError(flood, 429, 'too-many-requests', 'slow down');
      // The seconds left in this client's window, which began with its first request a moment ago.
      const wait = Number(flood.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect((await send(second, '198.51.100.7')).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});
