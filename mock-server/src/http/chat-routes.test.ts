import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingUpdateMessage,
  CHAT_PATH,
  ChatResponseSchema,
  CONVERSATION_LIFETIME_MS,
  HTTP_STATUS_BY_CODE,
  PHONE_SIGN_IN_TOOL,
} from '@chat/core';
import type { ChatInterrupt } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { expectError } from '../testing/http-test-app.js';
import { createConversation, DEFAULT_BUSINESS_ID, signIn } from '../testing/test-server.js';
import { savedMessage } from './saved-message.js';

let server: ChatMockServer;
beforeEach(() => {
  server = createApp();
});
afterEach(() => server.close());

function sendBody(conversationId: string, message: string, businessId = DEFAULT_BUSINESS_ID) {
  return {
    message,
    conversationId,
    businessId,
    profileId: businessId,
    contextType: 'enduser',
    userTimezone: 'America/New_York',
  };
}

function resumeBody(
  conversationId: string,
  action: 'PHONE_SIGN_IN' | 'PHONE_SIGN_IN_DECLINED',
  toolRequest: object,
) {
  return {
    conversationId,
    businessId: DEFAULT_BUSINESS_ID,
    profileId: DEFAULT_BUSINESS_ID,
    userTimezone: 'America/New_York',
    resume: {
      respond: [
        {
          toolRequest,
          response: {
            requiresAuth: action === 'PHONE_SIGN_IN',
            action,
            message: action === 'PHONE_SIGN_IN' ? 'Authentication successful' : 'Verify later',
            ...(action === 'PHONE_SIGN_IN_DECLINED' ? { declined: true } : {}),
          },
        },
      ],
    },
  };
}

/** Saves the visitor's message, as the page does before calling the chat service. */
function visitorSays(conversationId: string, text: string) {
  server.store.addMessage(conversationId, { role: 'user', text });
}

/** The visitor asks to book and is asked to verify a phone: the interrupt's tool request. */
async function askToBook(conversationId: string): Promise<ChatInterrupt['toolRequest']> {
  visitorSays(conversationId, 'Can I book for Saturday?');
  const asked = await request(server.app)
    .post(CHAT_PATH)
    .send(sendBody(conversationId, 'Can I book for Saturday?'));
  return (asked.body.interrupts as ChatInterrupt[])[0]!.toolRequest;
}

describe('POST /api/chat', () => {
  it('writes the reply into the conversation and answers only smart replies', async () => {
    const { id } = createConversation(server);
    visitorSays(id, 'What are your opening hours?');
    const res = await request(server.app).post(CHAT_PATH).send(sendBody(id, 'What are your opening hours?'));
    expect(res.status).toBe(200);
    const answer = ChatResponseSchema.parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(['smartReplies']);
    expect(answer.smartReplies!.length).toBeGreaterThan(0);
    const [user, reply] = server.store.messages(id);
    expect(user!.role).toBe('user');
    expect(reply).toMatchObject({ role: 'model' });
    expect(reply!.text).toMatch(/Tuesday/);
    expect(reply!.streaming).toBeUndefined();
  });

  it('asks an anonymous visitor to verify before a booking change, then continues after sign-in', async () => {
    const { id } = createConversation(server);
    visitorSays(id, 'I want to reschedule my appointment');
    const res = await request(server.app)
      .post(CHAT_PATH)
      .send(sendBody(id, 'I want to reschedule my appointment'));
    expect(res.status).toBe(200);
    const interrupts = res.body.interrupts as ChatInterrupt[];
    expect(interrupts).toHaveLength(1);
    expect(interrupts[0]!.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    expect(interrupts[0]!.metadata?.interrupt?.message).toEqual(expect.any(String));
    // A text reply, then the interrupt's auth message stored after it with its tool request.
    const [, lead, auth] = server.store.messages(id);
    expect(lead).toMatchObject({ role: 'model', text: 'I can help you change your booking.' });
    expect(lead!.type).toBeUndefined();
    expect(auth).toMatchObject({
      role: 'model',
      type: 'auth',
      text: interrupts[0]!.metadata?.interrupt?.message,
      toolRequest: interrupts[0]!.toolRequest,
    });

    const toolRequest = interrupts[0]!.toolRequest;
    expectError(
      await request(server.app)
        .post(CHAT_PATH)
        .send(resumeBody(id, 'PHONE_SIGN_IN', toolRequest)),
      401,
      'unauthenticated',
    );
    const visitor = await signIn(server);
    const before = server.store.messages(id).length;
    const resumed = await request(server.app)
      .post(CHAT_PATH)
      .set('Authorization', `Bearer ${visitor.idToken}`)
      .send(resumeBody(id, 'PHONE_SIGN_IN', toolRequest));
    expect(resumed.status).toBe(200);
    expect(resumed.body.interrupts).toBeUndefined();
    const messages = server.store.messages(id);
    expect(messages).toHaveLength(before + 1);
    expect(messages.at(-1)!.text.toLowerCase()).toContain('reschedul');
  });

  it('answers a declined sign-in without booking and offers smart replies', async () => {
    const { id } = createConversation(server);
    const toolRequest = await askToBook(id);
    visitorSays(id, 'Verify later');
    const declined = await request(server.app)
      .post(CHAT_PATH)
      .send(resumeBody(id, 'PHONE_SIGN_IN_DECLINED', toolRequest));
    expect(declined.status).toBe(200);
    expect(declined.body.smartReplies.length).toBeGreaterThan(0);
    expect(server.store.messages(id).at(-1)).toMatchObject({
      role: 'model',
      text: expect.stringContaining('booking'),
    });
  });

  it('refuses a resume when no phone sign-in is pending (400 failed-precondition), and writes nothing', async () => {
    // Before: a decline with nothing to decline was answered 200 and "No problem! I won't make any
    // booking changes…" stored.
    const toolRequest = { name: PHONE_SIGN_IN_TOOL };
    const visitor = await signIn(server);
    const { id } = createConversation(server);
    visitorSays(id, 'Verify later');
    const fresh = server.store.snapshot();
    for (const [action, token] of [
      ['PHONE_SIGN_IN_DECLINED', null],
      ['PHONE_SIGN_IN', visitor.idToken],
    ] as const) {
      const call = request(server.app).post(CHAT_PATH);
      if (token) void call.set('Authorization', `Bearer ${token}`);
      expectError(
        await call.send(resumeBody(id, action, toolRequest)),
        400,
        'failed-precondition',
        `resume: conversation ${id} is not waiting for a phone sign-in`,
      );
    }
    expect(server.store.snapshot()).toEqual(fresh);

    // Nor once the interrupt was resumed: the assistant has answered since its auth message.
    const interrupt = await askToBook(id);
    visitorSays(id, 'Verify later');
    const first = await request(server.app)
      .post(CHAT_PATH)
      .send(resumeBody(id, 'PHONE_SIGN_IN_DECLINED', interrupt));
    expect(first.status).toBe(200);
    const resumed = server.store.snapshot();
    expectError(
      await request(server.app)
        .post(CHAT_PATH)
        .send(resumeBody(id, 'PHONE_SIGN_IN_DECLINED', interrupt)),
      400,
      'failed-precondition',
      'not waiting for a phone sign-in',
    );
    expect(server.store.snapshot()).toEqual(resumed);
  });

  it('answers a resume sent twice, naming the message it answers, what the first was (the check comes after the claim)', async () => {
    const { id } = createConversation(server);
    const toolRequest = await askToBook(id);
    const { message: decline } = server.store.addMessage(id, { role: 'user', text: 'Verify later' });
    const body = { ...resumeBody(id, 'PHONE_SIGN_IN_DECLINED', toolRequest), messageId: decline.id };
    const first = await request(server.app).post(CHAT_PATH).send(body);
    const again = await request(server.app).post(CHAT_PATH).send(body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(server.store.messages(id).filter((m) => m.role === 'model' && m.type !== 'auth')).toHaveLength(2);
  });

  it('answers a booking-update message', async () => {
    const { id } = createConversation(server);
    visitorSays(id, bookingUpdateMessage('appt-42'));
    const res = await request(server.app)
      .post(CHAT_PATH)
      .send(sendBody(id, bookingUpdateMessage('appt-42')));
    expect(res.status).toBe(200);
    expect(server.store.messages(id).at(-1)!.role).toBe('model');
  });

  it('rejects bad bodies naming the field, and writes nothing', async () => {
    const { id } = createConversation(server);
    const before = server.store.snapshot();
    const cases: Array<[object, string]> = [
      [{ ...sendBody(id, 'hi'), message: '' }, 'message'],
      // Before: a blank question was answered 200 and a reply stored (§5: the page never sends one).
      [{ ...sendBody(id, 'hi'), message: '   ' }, 'message: must not be blank'],
      [{ ...sendBody(id, 'hi'), message: '\n\t\u00a0' }, 'message: must not be blank'],
      [{ ...sendBody(id, 'hi'), conversationId: 'bad id' }, 'conversationId'],
      [{ ...sendBody(id, 'hi'), userTimezone: undefined }, 'userTimezone'],
      [{ ...sendBody(id, 'hi'), surprise: true }, 'surprise'],
      [{ ...resumeBody(id, 'PHONE_SIGN_IN', { name: PHONE_SIGN_IN_TOOL }), message: 'both' }, 'message'],
      [
        { ...resumeBody(id, 'PHONE_SIGN_IN', { name: PHONE_SIGN_IN_TOOL }), resume: { respond: [] } },
        'resume.respond',
      ],
    ];
    for (const [body, field] of cases) {
      expectError(await request(server.app).post(CHAT_PATH).send(body), 400, 'invalid-argument', field);
    }
    expect(server.store.snapshot()).toEqual(before);
  });

  it('checks the token, the conversation, its business and its owner', async () => {
    const { id } = createConversation(server);
    const visitor = await signIn(server);
    expectError(
      await request(server.app)
        .post(CHAT_PATH)
        .set('Authorization', 'Bearer expired-or-forged')
        .send(sendBody(id, 'hi')),
      401,
      'unauthenticated',
    );
    expectError(await request(server.app).post(CHAT_PATH).send(sendBody('unknown', 'hi')), 404, 'not-found');
    expectError(
      await request(server.app)
        .post(CHAT_PATH)
        .send(sendBody(id, 'hi', 'sunrise-bakery')),
      400,
      'invalid-argument',
      'businessId',
    );
    const owned = server.store.createConversation({
      businessId: DEFAULT_BUSINESS_ID,
      userId: visitor.user.uid,
      userType: 'enduser',
      contextType: 'enduser',
      isOutsideBusinessHours: false,
    });
    expectError(
      await request(server.app).post(CHAT_PATH).send(sendBody(owned.id, 'hi')),
      403,
      'permission-denied',
    );
    const ok = await request(server.app)
      .post(CHAT_PATH)
      .set('Authorization', `Bearer ${visitor.idToken}`)
      .send(sendBody(owned.id, 'hi'));
    expect(ok.status).toBe(200);
  });

  it('refuses a business that is not approved and an expired conversation', async () => {
    const pending = createConversation(server, 'sunrise-bakery');
    expectError(
      await request(server.app)
        .post(CHAT_PATH)
        .send(sendBody(pending.id, 'hi', 'sunrise-bakery')),
      403,
      'permission-denied',
    );
    const { id } = createConversation(server);
    server.clock.setOffset(CONVERSATION_LIFETIME_MS + 1);
    expectError(
      await request(server.app).post(CHAT_PATH).send(sendBody(id, 'hi')),
      400,
      'failed-precondition',
      'expired',
    );
    expect(server.store.messages(id)).toEqual([]);
  });
});

describe('POST /api/chat naming the message still being saved (decision 0025)', () => {
  it('answers once the message is stored, the reply after it', async () => {
    const { id } = createConversation(server);
    // The turn starts waiting (it listens to the store) before the save lands.
    const waiting = new Promise<void>((resolve) => {
      const listen = server.store.onMessage;
      server.store.onMessage = (listener) => {
        resolve();
        return listen(listener);
      };
    });
    const answered = request(server.app)
      .post(CHAT_PATH)
      .send({ ...sendBody(id, 'What are your opening hours?'), messageId: 'visitor-message-1' })
      .then((res) => res);
    await waiting;
    expect(server.store.messages(id)).toEqual([]);
    server.store.addMessage(id, {
      id: 'visitor-message-1',
      role: 'user',
      text: 'What are your opening hours?',
    });
    const res = await answered;
    expect(res.status).toBe(200);
    expect(server.store.messages(id).map((m) => m.role)).toEqual(['user', 'model']);
  });

  it('refuses 409 message-not-saved when the message is not stored in time, and writes nothing', async () => {
    const { id } = createConversation(server);
    await expect(savedMessage(server.store, id, 'never-saved', { waitMs: 20 })).rejects.toMatchObject({
      code: 'message-not-saved',
      message: expect.stringMatching(/messageId: message never-saved was not saved/),
    });
    expect(HTTP_STATUS_BY_CODE['message-not-saved']).toBe(409);
    expect(server.store.messages(id)).toEqual([]);
  });

  it('stops waiting when the caller withdraws the call, leaving no turn to answer the message later', async () => {
    const { id } = createConversation(server);
    const { url } = await server.listen(0, '127.0.0.1');
    let waiting: () => void = () => {};
    let stopped: () => void = () => {};
    const started = new Promise<void>((resolve) => (waiting = resolve));
    const ended = new Promise<void>((resolve) => (stopped = resolve));
    const listen = server.store.onMessage;
    server.store.onMessage = (listener) => {
      const stop = listen(listener);
      waiting();
      return () => {
        stop();
        stopped();
      };
    };
    const question = new AbortController();
    const call = fetch(`${url}${CHAT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...sendBody(id, 'Hello?'), messageId: 'visitor-message-1' }),
      signal: question.signal,
    }).catch((error: unknown) => error);
    await started;
    question.abort();
    expect(await call).toBeInstanceOf(Error);
    // The wait ends with the call, not after its 10 s: no turn is left to answer the message later.
    await ended;
  });

  it('answers a turn still waiting 503 when the server closes, instead of holding the close', async () => {
    const { id } = createConversation(server);
    const closing = new AbortController();
    const waiting = savedMessage(server.store, id, 'never-saved', { withdrawn: closing.signal });
    closing.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'unavailable' });
  });

  it("refuses a messageId that names the assistant's message (400 naming messageId)", async () => {
    const { id } = createConversation(server);
    const reply = server.store.addMessage(id, { role: 'model', text: 'Hello!' });
    expectError(
      await request(server.app)
        .post(CHAT_PATH)
        .send({ ...sendBody(id, 'Hi'), messageId: reply.message.id }),
      400,
      'invalid-argument',
      'messageId',
    );
  });
});
