import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_LIFETIME_MS, DATA_ROUTES, MessageSchema, SYSTEM_NOTICE_TEXTS } from '@chat/core';
import { appPerTest, expectError, postConversation } from '../testing/http-test-app.js';
import {
  anonymousConversationBody,
  DEFAULT_BUSINESS_ID,
  ownConversationBody,
  signIn,
} from '../testing/test-server.js';

const { server, clock } = appPerTest();

describe('businesses', () => {
  it('reads a business by id and by handle', async () => {
    const byId = await request(server().app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID));
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: DEFAULT_BUSINESS_ID,
      handle: 'bellavista',
      verification: { status: 'approved' },
    });
    const byHandle = await request(server().app).get(DATA_ROUTES.businessByHandle('sunrisebakery'));
    expect(byHandle.body).toMatchObject({ id: 'sunrise-bakery', verification: { status: 'pending' } });
  });

  it('answers 404 for an unknown id or handle and 400 for a malformed one', async () => {
    expectError(await request(server().app).get(DATA_ROUTES.businessById('nobody')), 404, 'not-found');
    expectError(await request(server().app).get(DATA_ROUTES.businessByHandle('nobody')), 404, 'not-found');
    expectError(
      await request(server().app).get(DATA_ROUTES.businessById('a.b')),
      400,
      'invalid-argument',
      'id',
    );
  });

  it('finds a business by its handle in any case; refuses `BellaVista` beside `bellavista` (issue 29)', async () => {
    const res = await request(server().app).get(DATA_ROUTES.businessByHandle('BellaVista'));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(DEFAULT_BUSINESS_ID);
    const lookalike = {
      ...server().store.getBusiness('sunrise-bakery')!,
      id: 'zz-second',
      handle: 'BellaVista',
    };
    expect(() => server().store.putBusiness(lookalike)).toThrow(
      'handle: "BellaVista" is the handle "bellavista" of business "bella-vista-salon"',
    );
    expect(server().store.getBusiness('zz-second')).toBeNull();
    // The business itself may be written again with its handle in another case.
    server().store.putBusiness({ ...server().store.getBusiness(DEFAULT_BUSINESS_ID)!, handle: 'BellaVista' });
    expect((await request(server().app).get(DATA_ROUTES.businessByHandle('bellavista'))).body.id).toBe(
      DEFAULT_BUSINESS_ID,
    );
  });
});

describe('conversations', () => {
  it('creates one with server-set times, expiry 24 h later and flags false', async () => {
    const created = await postConversation(server());
    expect(created).toMatchObject({
      businessId: DEFAULT_BUSINESS_ID,
      userId: null,
      userType: 'anonymous',
      contextType: 'enduser',
      summaryFeedPosted: false,
      signupFeedPosted: false,
      createdAt: 1_800_000_000_000,
      updatedAt: 1_800_000_000_000,
      expiredAt: 1_800_000_000_000 + CONVERSATION_LIFETIME_MS,
    });
    const read = await request(server().app).get(DATA_ROUTES.conversation(created.id));
    expect(read.body).toEqual(created);
  });

  it('rejects bad bodies naming the field, and stores nothing', async () => {
    const before = server().store.snapshot();
    const cases: Array<[object, string]> = [
      [{ ...anonymousConversationBody(), businessId: 'bad id!' }, 'businessId'],
      [{ ...anonymousConversationBody(), userType: 'robot' }, 'userType'],
      [{ ...anonymousConversationBody(), isOutsideBusinessHours: 'no' }, 'isOutsideBusinessHours'],
      [{ ...anonymousConversationBody(), extra: 1 }, 'extra'],
      [{ ...anonymousConversationBody(), userType: 'enduser' }, 'userType'],
    ];
    for (const [body, field] of cases) {
      expectError(
        await request(server().app).post(DATA_ROUTES.conversations).send(body),
        400,
        'invalid-argument',
        field,
      );
    }
    expectError(
      await request(server().app).post(DATA_ROUTES.conversations).send(anonymousConversationBody('nobody')),
      404,
      'not-found',
    );
    expect(server().store.snapshot()).toEqual(before);
  });

  it('refuses 403 permission-denied a conversation with a business that is not approved, as firestore.rules do, and stores nothing', async () => {
    // Before: sunrise-bakery (verification pending) got a conversation, which firestore.rules refuse.
    const before = server().store.snapshot();
    for (const [businessId, status] of [
      ['sunrise-bakery', 'pending'],
      ['quickfix-garage', 'denied'],
    ] as const) {
      expect(server().store.getBusiness(businessId)?.verification.status).toBe(status);
      expectError(
        await request(server().app)
          .post(DATA_ROUTES.conversations)
          .send(anonymousConversationBody(businessId)),
        403,
        'permission-denied',
        `Business ${businessId} is not approved for chatting (its verification is ${status})`,
      );
    }
    expect(server().store.snapshot()).toEqual(before);
  });

  it('fails reads of the business and the conversation with an injected status, once per count', async () => {
    const app = server().app;
    const conversation = await postConversation(server());
    server().faults.add({ operation: 'data.getConversation', error: 503 });
    server().faults.add({ operation: 'data.getBusiness', error: 500, count: 2 });
    expectError(await request(app).get(DATA_ROUTES.conversation(conversation.id)), 503, 'unavailable');
    expect((await request(app).get(DATA_ROUTES.conversation(conversation.id))).status).toBe(200);
    expectError(await request(app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID)), 500, 'internal');
    expectError(await request(app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID)), 500, 'internal');
    expect((await request(app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID))).status).toBe(200);
  });

  it('answers 404 for an unknown conversation', async () => {
    expectError(await request(server().app).get(DATA_ROUTES.conversation('nope')), 404, 'not-found');
    expectError(
      await request(server().app).post(DATA_ROUTES.messages('nope')).send({ role: 'user', text: 'hi' }),
      404,
      'not-found',
    );
  });

  it('merges lastMessage and sets updatedAt from the clock', async () => {
    const { id } = await postConversation(server());
    clock.setOffset(5000);
    const lastMessage = { text: 'hi', sender: 'user', sentAt: 1, messageId: 'm1' };
    const res = await request(server().app).patch(DATA_ROUTES.lastMessage(id)).send({ lastMessage });
    expect(res.status).toBe(204);
    const read = await request(server().app).get(DATA_ROUTES.conversation(id));
    expect(read.body).toMatchObject({
      lastMessage,
      updatedAt: 1_800_000_005_000,
      createdAt: 1_800_000_000_000,
    });
    expectError(
      await request(server().app)
        .patch(DATA_ROUTES.lastMessage(id))
        .send({ lastMessage: { ...lastMessage, sender: 'x' } }),
      400,
      'invalid-argument',
      'lastMessage.sender',
    );
  });

  it('sets signupFeedPosted', async () => {
    const { id } = await postConversation(server());
    expect((await request(server().app).post(DATA_ROUTES.signupFeedPosted(id)).send({})).status).toBe(204);
    expect(server().store.getConversation(id)?.signupFeedPosted).toBe(true);
    expectError(
      await request(server().app).post(DATA_ROUTES.signupFeedPosted(id)).send({ value: true }),
      400,
      'invalid-argument',
    );
  });

  it('cannot be listed through the data API', async () => {
    expectError(await request(server().app).get(DATA_ROUTES.conversations), 404, 'not-found');
  });
});

describe('messages', () => {
  it('adds user and system messages with server ids, times and rising sequence numbers', async () => {
    const { id } = await postConversation(server());
    const first = await request(server().app)
      .post(DATA_ROUTES.messages(id))
      .send({ role: 'user', text: 'Hello' });
    const second = await request(server().app)
      .post(DATA_ROUTES.messages(id))
      .send({ role: 'system', text: '✓ Phone number verified successfully', type: 'system' });
    expect(first.status).toBe(201);
    expect(MessageSchema.parse(first.body)).toMatchObject({
      role: 'user',
      text: 'Hello',
      createdAt: 1_800_000_000_000,
    });
    // The clock did not move: the second message is still strictly later, so createdAt order is total.
    expect(second.body.createdAt).toBe(1_800_000_000_001);
    const stored = server().store.messagesAfter(id, 0);
    expect(stored.map((m) => m.message.text)).toEqual(['Hello', '✓ Phone number verified successfully']);
    expect(stored[1]!.seq).toBeGreaterThan(stored[0]!.seq);
  });

  it('refuses model messages, unknown fields and over-long text', async () => {
    const { id } = await postConversation(server());
    const before = server().store.snapshot();
    for (const [body, field] of [
      [{ role: 'model', text: 'I am the AI' }, 'role'],
      [{ role: 'user', text: 'x'.repeat(2049) }, 'text'],
      [{ role: 'user', text: 'hi', createdAt: 5 }, 'createdAt'],
      [{ role: 'user' }, 'text'],
      [{ role: 'user', text: 'hi', type: 'weird' }, 'type'],
    ] as const) {
      expectError(
        await request(server().app).post(DATA_ROUTES.messages(id)).send(body),
        400,
        'invalid-argument',
        field,
      );
    }
    expect(server().store.snapshot()).toEqual(before);
  });

  it("refuses what firestore.rules' isNewMessage refuses, naming the field, and changes nothing (not lastMessage either)", async () => {
    // Before: each of these was stored (201), the blank one as the conversation's lastMessage.
    const { id } = await postConversation(server());
    await request(server().app).post(DATA_ROUTES.messages(id)).send({ role: 'user', text: 'Hello' });
    const before = server().store.snapshot();
    for (const [body, field, problem] of [
      [
        { role: 'system', type: 'system', text: 'Your account is suspended, call 555-0000' },
        'text',
        "must be one of the page's notices",
      ],
      [{ role: 'system', text: 'Authentication cancelled' }, 'type', 'must be "system"'],
      [{ role: 'system', type: 'auth', text: 'Authentication cancelled' }, 'type', 'must be "system"'],
      [{ role: 'user', text: 'x', type: 'auth' }, 'type', 'must be absent'],
      [{ role: 'user', text: 'x', type: 'loading' }, 'type', 'must be absent'],
      [{ role: 'user', text: 'x', type: 'system' }, 'type', 'must be absent'],
      [{ role: 'user', text: '' }, 'text', 'must not be blank'],
      [{ role: 'user', text: '   ' }, 'text', 'must not be blank'],
      [{ role: 'user', text: '\u00a0\n\u3000' }, 'text', 'must not be blank'],
    ] as const) {
      expectError(
        await request(server().app).post(DATA_ROUTES.messages(id)).send(body),
        400,
        'invalid-argument',
        `${field}: ${problem}`,
      );
    }
    expect(server().store.snapshot()).toEqual(before);
    expect(server().store.getConversation(id)?.lastMessage?.text).toBe('Hello');
  });

  it("accepts every notice the page saves, in every shipped language, and a visitor's text with spaces around it", async () => {
    const { id } = await postConversation(server());
    for (const text of SYSTEM_NOTICE_TEXTS) {
      const res = await request(server().app)
        .post(DATA_ROUTES.messages(id))
        .send({ role: 'system', type: 'system', text });
      expect(res.status).toBe(201);
    }
    const spaced = await request(server().app)
      .post(DATA_ROUTES.messages(id))
      .send({ role: 'user', text: ' hi ' });
    expect(spaced.status).toBe(201);
    expect(server().store.messages(id)).toHaveLength(SYSTEM_NOTICE_TEXTS.length + 1);
  });
});

describe('feed items', () => {
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const feedItem = (conversationId: string) => ({
    type: 'NEW_SIGNUP',
    customerName: 'Test Visitor',
    customerPhone: '+15555550100',
    conversationId,
    message: 'Test Visitor signed up.',
  });

  it('adds an item for a signed-in visitor, for an anonymous conversation of the business', async () => {
    const { id } = await postConversation(server());
    const { idToken } = await signIn(server());
    const item = feedItem(id);
    const res = await request(server().app)
      .post(DATA_ROUTES.feed(DEFAULT_BUSINESS_ID))
      .set(bearer(idToken))
      .send(item);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...item, createdAt: 1_800_000_000_000 });
    expect(server().store.feed(DEFAULT_BUSINESS_ID)).toEqual([res.body]);
  });

  it("adds an item for the visitor's own signed-in conversation", async () => {
    const { user, idToken } = await signIn(server());
    const { id } = await postConversation(server(), idToken, ownConversationBody(user.uid));
    const res = await request(server().app)
      .post(DATA_ROUTES.feed(DEFAULT_BUSINESS_ID))
      .set(bearer(idToken))
      .send(feedItem(id));
    expect(res.status).toBe(201);
    expect(server().store.feed(DEFAULT_BUSINESS_ID)).toHaveLength(1);
  });

  it('answers 401 unauthenticated without a token, or with an invalid one, and stores nothing', async () => {
    const { id } = await postConversation(server());
    expectError(
      await request(server().app).post(DATA_ROUTES.feed(DEFAULT_BUSINESS_ID)).send(feedItem(id)),
      401,
      'unauthenticated',
      'Authorization',
    );
    expectError(
      await request(server().app)
        .post(DATA_ROUTES.feed(DEFAULT_BUSINESS_ID))
        .set(bearer('not-a-token'))
        .send(feedItem(id)),
      401,
      'unauthenticated',
    );
    expect(server().store.feed(DEFAULT_BUSINESS_ID)).toEqual([]);
  });

  it('answers 403 permission-denied for a conversation of another signed-in visitor', async () => {
    const owner = await signIn(server());
    const other = await signIn(server(), '+15555550101', '654321');
    const { id } = await postConversation(server(), owner.idToken, ownConversationBody(owner.user.uid));
    expectError(
      await request(server().app)
        .post(DATA_ROUTES.feed(DEFAULT_BUSINESS_ID))
        .set(bearer(other.idToken))
        .send(feedItem(id)),
      403,
      'permission-denied',
    );
    expect(server().store.feed(DEFAULT_BUSINESS_ID)).toEqual([]);
  });

  it('requires the business to exist and the conversation to be one of its own', async () => {
    const { id } = await postConversation(server());
    const { idToken } = await signIn(server());
    const item = {
      type: 'NEW_SIGNUP',
      customerName: null,
      customerPhone: null,
      conversationId: id,
      message: 'A customer signed up.',
    };
    const post = (businessId: string, body: object) =>
      request(server().app).post(DATA_ROUTES.feed(businessId)).set(bearer(idToken)).send(body);
    expectError(await post('nobody', item), 404, 'not-found');
    expectError(await post('sunrise-bakery', item), 400, 'invalid-argument', 'conversationId');
    expectError(await post(DEFAULT_BUSINESS_ID, { ...item, type: 'OTHER' }), 400, 'invalid-argument', 'type');
    expectError(
      await post(DEFAULT_BUSINESS_ID, { ...item, conversationId: 'no-such-conversation' }),
      400,
      'invalid-argument',
      'conversationId',
    );
    expect(server().store.feed(DEFAULT_BUSINESS_ID)).toEqual([]);
  });
});
