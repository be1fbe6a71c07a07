/**
 * Issue 27 on the mock server: one answer per question (a chat call naming the message it answers is
 * answered once, however often it comes), and what the assistant passes to the team — a verified
 * visitor's booking request or hand-off — lands as exactly one item of the business's feed, with the
 * verified phone, readable at GET /control/businesses/{id}/feed.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, CONTROL_ROUTES, PHONE_SIGN_IN_TOOL, TeamRequestItemSchema } from '@chat/core';
import type { ChatInterrupt, SignInResult } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { createConversation, DEFAULT_BUSINESS_ID, signIn } from '../testing/test-server.js';

let server: ChatMockServer;
beforeEach(() => {
  server = createApp();
});
afterEach(() => server.close());

const common = (conversationId: string) => ({
  conversationId,
  businessId: DEFAULT_BUSINESS_ID,
  profileId: DEFAULT_BUSINESS_ID,
  userTimezone: 'America/New_York',
});

/** Saves the visitor's message as the page does, and returns the send body naming it. */
function say(conversationId: string, text: string, role: 'user' | 'system' = 'user') {
  const { message } = server.store.addMessage(conversationId, {
    role,
    text,
    ...(role === 'system' ? { type: 'system' as const } : {}),
  });
  return { ...common(conversationId), message: text, messageId: message.id };
}

function resume(conversationId: string, toolRequest: object, messageId: string) {
  return {
    ...common(conversationId),
    messageId,
    resume: {
      respond: [
        {
          toolRequest,
          response: { requiresAuth: true, action: 'PHONE_SIGN_IN', message: 'Authentication successful' },
        },
      ],
    },
  };
}

const chat = (body: object, visitor?: SignInResult) => {
  const call = request(server.app).post(CHAT_PATH);
  if (visitor) void call.set('Authorization', `Bearer ${visitor.idToken}`);
  return call.send(body);
};

const replies = (conversationId: string) =>
  server.store.messages(conversationId).filter((m) => m.role === 'model' && m.type !== 'auth');

async function feed() {
  const res = await request(server.app).get(CONTROL_ROUTES.feed(DEFAULT_BUSINESS_ID));
  expect(res.status).toBe(200);
  return (res.body as { items: Array<{ type: string }> }).items;
}

function ownConversation(visitor: SignInResult) {
  return server.store.createConversation({
    businessId: DEFAULT_BUSINESS_ID,
    userId: visitor.user.uid,
    userType: 'enduser',
    isOutsideBusinessHours: false,
    contextType: 'enduser',
  });
}

describe('one answer per question', () => {
  it('answers a repeated call for one message with the same answer and no second reply', async () => {
    const { id } = createConversation(server);
    const body = say(id, 'What are your opening hours?');
    const first = await chat(body);
    const again = await chat(body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(replies(id)).toHaveLength(1);
  });

  it('answers two calls at once for one message with one reply', async () => {
    const { id } = createConversation(server);
    const body = say(id, 'Where are you located?');
    const [a, b] = await Promise.all([chat(body), chat(body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(replies(id)).toHaveLength(1);
    // Another message is another question.
    await chat(say(id, 'What are your opening hours?'));
    expect(replies(id)).toHaveLength(2);
  });

  it('answers a retry after a failed call, once', async () => {
    const { id } = createConversation(server);
    const body = say(id, 'What are your opening hours?');
    server.faults.add({ operation: 'chat', error: 500, count: 1 });
    expect((await chat(body)).status).toBe(500);
    expect((await chat(body)).status).toBe(200);
    expect((await chat(body)).status).toBe(200);
    expect(replies(id)).toHaveLength(1);
  });
});

describe('requests passed to the team', () => {
  it('writes one BOOKING_REQUEST item with the verified phone for a booking after the phone check, however often the resume comes', async () => {
    const { id } = createConversation(server);
    const asked = await chat(say(id, 'Please reschedule my appointment to Friday'));
    const interrupt = (asked.body.interrupts as ChatInterrupt[])[0]!;
    expect(interrupt.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    expect(await feed()).toEqual([]);

    const visitor = await signIn(server);
    const notice = say(id, '✓ Phone number verified successfully', 'system');
    const body = resume(id, interrupt.toolRequest, notice.messageId);
    const [a, b] = await Promise.all([chat(body, visitor), chat(body, visitor)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await chat(body, visitor)).status).toBe(200);

    const items = await feed();
    expect(items).toHaveLength(1);
    expect(TeamRequestItemSchema.parse(items[0])).toMatchObject({
      type: 'BOOKING_REQUEST',
      customerPhone: '+15555550100',
      customerName: 'Test Visitor',
      conversationId: id,
      messageId: notice.messageId,
      request: 'Please reschedule my appointment to Friday',
      summary: null,
      message: 'Test Visitor sent a booking request.',
    });
    // The lead-in with the interrupt, and one answer after sign-in.
    expect(replies(id)).toHaveLength(2);
  });

  it('writes one HANDOFF item for a verified visitor who asks for a person, and none for an anonymous one', async () => {
    const anonymous = createConversation(server);
    const asked = await chat(say(anonymous.id, "I'd like to talk to a person"));
    expect((asked.body.interrupts as ChatInterrupt[])[0]!.toolRequest.input).toMatchObject({
      reason: 'handoff',
    });
    expect(await feed()).toEqual([]);

    const visitor = await signIn(server);
    const { id } = ownConversation(visitor);
    const body = say(id, 'Can I speak to a real person?');
    expect((await chat(body, visitor)).status).toBe(200);
    expect((await chat(body, visitor)).status).toBe(200);
    const items = await feed();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'HANDOFF',
      customerPhone: '+15555550100',
      conversationId: id,
      request: 'Can I speak to a real person?',
      message: 'Test Visitor asked to talk to the team.',
    });
    expect(replies(id).at(-1)?.text).toContain('A person will follow up by text');
  });

  it('takes the customer from the token, never from the body', async () => {
    const visitor = await signIn(server, '+15555550101', '654321');
    const { id } = ownConversation(visitor);
    const body = { ...say(id, 'I want to book an appointment'), customerPhone: '+19999999999' };
    // An unknown key is refused by name; the item can only carry the token's number.
    expect((await chat(body, visitor)).status).toBe(400);
    expect((await chat(say(id, 'I want to book an appointment'), visitor)).status).toBe(200);
    expect(await feed()).toMatchObject([
      { type: 'BOOKING_REQUEST', customerPhone: '+15555550101', customerName: null },
    ]);
  });
});
