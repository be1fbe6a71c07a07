/**
 * Issue 27 on the production chat service, on the Firestore and Auth emulators: one answer per
 * question (a repeated call, two calls at once, two instances: one reply and one assistant call), and
 * what the assistant passes to the team — a verified visitor's booking request and hand-off — written
 * as exactly one item of `businesses/{id}/feed` with the phone from the verified token. Runs in
 * `npm run test:firestore`; skipped without emulators.
 */
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import type { Assistant } from '@chat/assistant';
import { contractBusiness } from '@chat/contract';
import { PHONE_SIGN_IN_TOOL, TeamRequestItemSchema } from '@chat/core';
import type { Business, ChatInterrupt } from '@chat/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  callChat,
  clearFirestore,
  customTokenVisitor,
  emulatorsRunning,
  saveVisitorMessage,
  seedBusiness,
  seedConversation,
  signedInVisitor,
  startService,
} from './testing/emulator-service.js';
import type { RunningService } from './testing/emulator-service.js';

/** The built-in assistant, counting its turns (the stand-in for model calls). */
const BUILT_IN = turnAssistant(createBuiltInAssistant());
let assistantCalls = 0;
const COUNTED: Assistant = {
  async respond(input, writer) {
    assistantCalls += 1;
    // Slow enough that calls made together overlap.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return BUILT_IN.respond(input, writer);
  },
};

describe.skipIf(!emulatorsRunning)('the chat service: one answer per question, requests to the team', () => {
  let one: RunningService;
  let two: RunningService;
  let business: Business;

  beforeAll(async () => {
    [one, two] = await Promise.all([startService(COUNTED), startService(COUNTED)]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
  });
  beforeEach(async () => {
    await clearFirestore();
    assistantCalls = 0;
    business = contractBusiness();
    await seedBusiness(one.db, business);
  }, 30_000);

  const common = (conversationId: string) => ({
    conversationId,
    businessId: business.id,
    profileId: business.id,
    userTimezone: 'America/New_York',
  });

  /** Saves the message as the page does; the send body naming it. */
  async function say(conversationId: string, text: string) {
    const messageId = await saveVisitorMessage(one.db, conversationId, text);
    return { ...common(conversationId), message: text, messageId };
  }

  async function replies(conversationId: string) {
    const snapshot = await one.db
      .collection('conversations')
      .doc(conversationId)
      .collection('messages')
      .get();
    return snapshot.docs.map((d) => d.data()).filter((m) => m['role'] === 'model' && m['type'] !== 'auth');
  }

  async function feed() {
    const snapshot = await one.db.collection('businesses').doc(business.id).collection('feed').get();
    return snapshot.docs.map((d) => ({ id: d.id, ...d.data() }));
  }

  it('answers a repeated call, two calls at once and calls to two instances with one reply and one assistant call', async () => {
    const conversationId = await seedConversation(one.db, business.id);
    const body = await say(conversationId, 'What are your opening hours?');
    const [a, b] = await Promise.all([callChat(one.url, body), callChat(two.url, body)]);
    const again = await callChat(one.url, body);
    expect([a.status, b.status, again.status]).toEqual([200, 200, 200]);
    expect(b.body).toEqual(a.body);
    expect(again.body).toEqual(a.body);
    expect(assistantCalls).toBe(1);
    const written = await replies(conversationId);
    expect(written).toHaveLength(1);
    expect(written[0]).not.toHaveProperty('streaming');
  });

  it('writes one BOOKING_REQUEST item with the verified phone after the phone check, however often the resume comes', async () => {
    const conversationId = await seedConversation(one.db, business.id);
    const asked = await callChat(
      one.url,
      await say(conversationId, 'Please reschedule my appointment to Friday'),
    );
    const interrupt = (asked.body.interrupts as ChatInterrupt[])[0]!;
    expect(interrupt.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    expect(await feed()).toEqual([]);

    const account = await signedInVisitor('booking-visitor', { displayName: 'Test Visitor' });
    const { idToken } = account;
    const notice = await saveVisitorMessage(
      one.db,
      conversationId,
      '✓ Phone number verified successfully',
      'system',
    );
    const resume = {
      ...common(conversationId),
      messageId: notice,
      resume: {
        respond: [
          {
            toolRequest: interrupt.toolRequest,
            response: { requiresAuth: true, action: 'PHONE_SIGN_IN', message: 'Authentication successful' },
          },
        ],
      },
    };
    const calls = await Promise.all([
      callChat(one.url, resume, { idToken }),
      callChat(two.url, resume, { idToken }),
    ]);
    calls.push(await callChat(two.url, resume, { idToken }));
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200]);

    const items = await feed();
    expect(items).toHaveLength(1);
    expect(TeamRequestItemSchema.parse({ ...items[0], createdAt: 0 })).toMatchObject({
      type: 'BOOKING_REQUEST',
      customerPhone: account.phoneNumber,
      customerName: 'Test Visitor',
      conversationId,
      messageId: notice,
      request: 'Please reschedule my appointment to Friday',
      message: 'Test Visitor sent a booking request.',
    });
    // The lead-in with the interrupt, and one answer after sign-in.
    expect(await replies(conversationId)).toHaveLength(2);
  });

  it('writes one HANDOFF item for a verified visitor who asks for a person, none for an anonymous one', async () => {
    const anonymous = await seedConversation(one.db, business.id);
    const asked = await callChat(one.url, await say(anonymous, "I'd like to talk to a person"));
    expect((asked.body.interrupts as ChatInterrupt[])[0]!.toolRequest.input).toMatchObject({
      reason: 'handoff',
    });

    const account = await signedInVisitor('handoff-visitor');
    const { uid, idToken } = account;
    const conversationId = await seedConversation(one.db, business.id, { userId: uid });
    const body = await say(conversationId, 'Can I speak to a real person?');
    expect((await callChat(one.url, body, { idToken })).status).toBe(200);
    expect((await callChat(two.url, body, { idToken })).status).toBe(200);

    const items = await feed();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'HANDOFF',
      customerPhone: account.phoneNumber,
      customerName: null,
      conversationId,
      request: 'Can I speak to a real person?',
      message: `${account.phoneNumber} asked to talk to the team.`,
    });
  });

  it('passes nothing on for a token without a verified phone (refused 401)', async () => {
    const { uid, idToken } = await customTokenVisitor(`custom-${Date.now()}`);
    const conversationId = await seedConversation(one.db, business.id, { userId: uid });
    expect(
      (await callChat(one.url, await say(conversationId, 'I want to book an appointment'), { idToken }))
        .status,
    ).toBe(401);
    expect(await feed()).toEqual([]);
  });
});
