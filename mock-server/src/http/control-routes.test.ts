import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_PATH,
  CONTROL_ROUTES,
  CONVERSATION_LIFETIME_MS,
  DATA_ROUTES,
  IDENTITY_ROUTES,
  isConversationExpired,
} from '@chat/core';
import type { Business } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import {
  anonymousConversationBody,
  createConversation,
  DEFAULT_BUSINESS_ID,
} from '../testing/test-server.js';
import { chatSendBody, controlApi, expectError } from '../testing/http-test-app.js';

let server: ChatMockServer;
beforeEach(() => {
  server = createApp();
});
afterEach(() => server.close());

const api = () => request(server.app);
const control = () => controlApi(server.app);
const fault = (body: object) => control().post(CONTROL_ROUTES.faults).send(body);

async function sendCode(phoneNumber = '+15555550100') {
  const token = (await api().post(IDENTITY_ROUTES.botCheck)).body.token as string;
  return api().post(IDENTITY_ROUTES.sendCode).send({ phoneNumber, botCheckToken: token });
}

describe('control API', () => {
  it('answers health', async () => {
    const res = await api().get(CONTROL_ROUTES.health);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('resets conversations, messages, feed items, codes and faults back to the fixtures', async () => {
    const { id } = createConversation(server);
    server.store.addMessage(id, { role: 'user', text: 'hi' });
    server.store.addFeedItem(DEFAULT_BUSINESS_ID, {
      type: 'NEW_SIGNUP',
      customerName: null,
      customerPhone: null,
      conversationId: id,
      message: 'A customer signed up.',
    });
    server.store.putBusiness({ ...server.store.getBusiness(DEFAULT_BUSINESS_ID)!, businessName: 'Renamed' });
    await sendCode('+12125550123');
    await fault({ operation: 'chat', error: 500, count: 3 });
    const seqBefore = server.store.lastSeq();

    expect((await control().post(CONTROL_ROUTES.reset)).status).toBe(200);
    expect(server.store.getConversation(id)).toBeNull();
    expect(server.store.feed(DEFAULT_BUSINESS_ID)).toEqual([]);
    expect(server.store.getBusiness(DEFAULT_BUSINESS_ID)!.businessName).toBe('Bella Vista Salon');
    expectError(await api().get(CONTROL_ROUTES.otp).query({ phone: '+12125550123' }), 404, 'not-found');
    expect(server.faults.list()).toEqual([]);
    // Sequence numbers keep rising across a reset, so an old afterSeq never hides new messages.
    const again = createConversation(server);
    expect(server.store.addMessage(again.id, { role: 'user', text: 'x' }).seq).toBeGreaterThan(seqBefore);
  });

  it('creates and replaces businesses, validating them', async () => {
    const business: Business = {
      ...server.store.getBusiness('sunrise-bakery')!,
      id: 'new-biz',
      handle: 'newbiz',
      businessName: 'New Biz',
    };
    const { id: _id, ...withoutId } = business;
    const created = await control().put(CONTROL_ROUTES.business('new-biz')).send(withoutId);
    expect(created.status).toBe(201);
    expect((await api().get(DATA_ROUTES.businessByHandle('newbiz'))).body).toEqual(business);
    const replaced = await control()
      .put(CONTROL_ROUTES.business('new-biz'))
      .send({ ...business, verification: { status: 'approved' } });
    expect(replaced.status).toBe(200);
    expect(server.store.getBusiness('new-biz')!.verification.status).toBe('approved');

    // Refused: what the page's read side cannot read (no name), or an id that is not the path's.
    const bad = await control()
      .put(CONTROL_ROUTES.business('new-biz'))
      .send({ ...business, businessName: '' });
    expectError(bad, 400, 'invalid-argument');
    expect(bad.body.error.message).toContain('businessName');
    expectError(
      await control()
        .put(CONTROL_ROUTES.business('new-biz'))
        .send({ ...business, id: 'other' }),
      400,
      'invalid-argument',
    );
    expect(server.store.getBusiness('new-biz')!.verification.status).toBe('approved');
  });

  it('accepts a business the way another tool might write it, and serves it as written', async () => {
    const document = {
      businessName: 'Planted',
      verification: { status: 'suspended' },
      suggestedQuestions: [{ line1: '' }, { line1: 'Hours?' }],
      hours: {
        timeZone: 'Mars/Base',
        weeklySchedule: { monday: { isOpen: true, intervals: [{ start: '9:00', end: '24:00' }] } },
      },
      crmId: 42,
    };
    expect((await control().put(CONTROL_ROUTES.business('planted')).send(document)).status).toBe(201);
    // The data API serves the document as written; the server itself acts on what it reads.
    expect((await api().get(DATA_ROUTES.businessById('planted'))).body).toEqual({
      id: 'planted',
      ...document,
    });
    expect(server.store.getBusiness('planted')).toMatchObject({
      handle: '',
      verification: { status: 'pending' },
      suggestedQuestions: [{ line1: 'Hours?', line2: '' }],
      hours: {},
    });
  });

  it('reads a business feed, oldest first; 404 for an unknown business', async () => {
    const { id } = createConversation(server);
    const item = {
      type: 'NEW_SIGNUP',
      customerName: null,
      customerPhone: '+15555550100',
      conversationId: id,
      message: '+15555550100 signed up.',
    } as const;
    server.store.addFeedItem(DEFAULT_BUSINESS_ID, item);
    server.store.addFeedItem(DEFAULT_BUSINESS_ID, { ...item, message: 'second' });
    const res = await api().get(CONTROL_ROUTES.feed(DEFAULT_BUSINESS_ID));
    expect(res.body.items.map((i: { message: string }) => i.message)).toEqual([
      '+15555550100 signed up.',
      'second',
    ]);
    expect((await api().get(CONTROL_ROUTES.feed('sunrise-bakery'))).body).toEqual({ items: [] });
    expectError(await api().get(CONTROL_ROUTES.feed('nobody')), 404, 'not-found');
  });

  it('lists conversations newest first with their latest message', async () => {
    const older = createConversation(server);
    server.clock.setOffset(1000);
    const newer = createConversation(server);
    server.store.addMessage(newer.id, { role: 'user', text: 'latest' });
    const res = await api().get(CONTROL_ROUTES.conversations);
    expect(res.body.conversations.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
    expect(res.body.conversations[0]).toMatchObject({ messageCount: 1, latestMessage: { text: 'latest' } });
    expect(res.body.conversations[1]).toMatchObject({ messageCount: 0, latestMessage: null });
  });

  it('pages the conversations: limit, then nextCursor until it is null, each once, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      server.clock.setOffset(i < 4 ? 0 : 1000 * i); // four share one createdAt: ties go by id
      ids.push(createConversation(server).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await api()
        .get(CONTROL_ROUTES.conversations)
        .query({ limit: 3, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.conversations.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.conversations.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor as string | null;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen.slice(0, 3)).toEqual([ids[6], ids[5], ids[4]]);
    // Without a limit, one page of at most 50.
    for (let i = 0; i < 50; i++) createConversation(server);
    const first = await api().get(CONTROL_ROUTES.conversations);
    expect(first.body.conversations).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expectError(
      await api().get(CONTROL_ROUTES.conversations).query({ limit: 0 }),
      400,
      'invalid-argument',
      'limit',
    );
    expectError(
      await api().get(CONTROL_ROUTES.conversations).query({ limit: 501 }),
      400,
      'invalid-argument',
      'limit',
    );
    expectError(
      await api().get(CONTROL_ROUTES.conversations).query({ cursor: 'yesterday' }),
      400,
      'invalid-argument',
      'cursor',
    );
  });

  it('reads the last code sent to a number, 404 when none, 400 without a phone', async () => {
    await sendCode('+15555550100');
    expect((await api().get(CONTROL_ROUTES.otp).query({ phone: '+15555550100' })).body).toEqual({
      code: '123456',
    });
    expectError(await api().get(CONTROL_ROUTES.otp).query({ phone: '+12125559999' }), 404, 'not-found');
    expectError(await api().get(CONTROL_ROUTES.otp), 400, 'invalid-argument');
  });

  it('moves the clock and restores it; timestamps and expiry follow', async () => {
    const start = Date.parse('2030-01-01T12:00:00Z');
    let res = await control().post(CONTROL_ROUTES.clock).send({ now: '2030-01-01T12:00:00Z' });
    expect(res.status).toBe(200);
    expect(Math.abs(res.body.nowMs - start)).toBeLessThan(1000);
    const created = await api().post(DATA_ROUTES.conversations).send(anonymousConversationBody());
    expect(Math.abs(created.body.createdAt - start)).toBeLessThan(1000);
    expect(created.body.expiredAt).toBe(created.body.createdAt + CONVERSATION_LIFETIME_MS);
    expect(isConversationExpired(created.body, server.clock.now())).toBe(false);

    res = await control()
      .post(CONTROL_ROUTES.clock)
      .send({ offsetMs: server.clock.offsetMs() + CONVERSATION_LIFETIME_MS });
    expect(isConversationExpired(created.body, res.body.nowMs)).toBe(true);

    res = await control().delete(CONTROL_ROUTES.clock);
    expect(res.body.offsetMs).toBe(0);
    expect(Math.abs(server.clock.now() - Date.now())).toBeLessThan(1000);
    for (const body of [
      {},
      { offsetMs: 1.5 },
      { now: 'yesterday' },
      { offsetMs: 1, now: '2030-01-01T00:00:00Z' },
    ]) {
      expectError(await control().post(CONTROL_ROUTES.clock).send(body), 400, 'invalid-argument');
    }
  });

  it('refuses to move the clock out of range, naming the field, and moves nothing', async () => {
    await control().post(CONTROL_ROUTES.clock).send({ offsetMs: 60_000 });
    for (const [body, field] of [
      [{ offsetMs: 9_000_000_000_000_000 }, 'offsetMs'],
      [{ offsetMs: -Date.now() - 86_400_000 }, 'offsetMs'],
      [{ now: '1969-12-31T23:59:59Z' }, 'now'],
      [{ offsetMs: 1.5 }, 'offsetMs'],
      [{ offsetMs: 1, extra: 2 }, 'extra'],
      [{ later: 1 }, 'unknown key "later"'],
    ] as const) {
      expectError(await control().post(CONTROL_ROUTES.clock).send(body), 400, 'invalid-argument', field);
    }
    const clock = await api().get(CONTROL_ROUTES.clock);
    expect(clock.status).toBe(200);
    expect(clock.body.offsetMs).toBe(60_000);
    const created = await api().post(DATA_ROUTES.conversations).send(anonymousConversationBody());
    expect(Math.abs(created.body.createdAt - Date.now() - 60_000)).toBeLessThan(1000);
  });

  it('refuses unknown keys in the bodies of reset, sockets/drop and scenario restart, changing nothing', async () => {
    const { id } = createConversation(server);
    expectError(
      await control().post(CONTROL_ROUTES.reset).send({ everything: true }),
      400,
      'invalid-argument',
      'everything',
    );
    expect(server.store.getConversation(id)).not.toBeNull();
    expectError(
      await control().post(CONTROL_ROUTES.dropSockets).send({ all: 1 }),
      400,
      'invalid-argument',
      'all',
    );
    expectError(
      await control().post(`/control/conversations/${id}/scenario/restart`).send({ step: 3 }),
      400,
      'invalid-argument',
      'step',
    );
    expect((await control().post(CONTROL_ROUTES.reset)).status).toBe(200);
    expect((await control().post(CONTROL_ROUTES.dropSockets).send({})).status).toBe(200);
  });
});

describe('faults', () => {
  it('fails the next N chat calls with the given HTTP status', async () => {
    const { id } = createConversation(server);
    const body = chatSendBody(id);
    expect((await fault({ operation: 'chat', error: 503, count: 2 })).status).toBe(201);
    expectError(await api().post(CHAT_PATH).send(body), 503, 'unavailable');
    expectError(await api().post(CHAT_PATH).send(body), 503, 'unavailable');
    expect((await api().post(CHAT_PATH).send(body)).status).toBe(200);
    expect(server.store.messages(id)).toHaveLength(1);
  });

  it('fails the data operations with the given HTTP status and changes nothing', async () => {
    await fault({ operation: 'data.createConversation', error: '500' });
    expectError(
      await api().post(DATA_ROUTES.conversations).send(anonymousConversationBody()),
      500,
      'internal',
    );
    expect(server.store.listConversations()).toEqual([]);
    const created = await api().post(DATA_ROUTES.conversations).send(anonymousConversationBody());
    expect(created.status).toBe(201);

    await fault({ operation: 'data.addMessage', error: 403 });
    const message = { role: 'user', text: 'hi' };
    expectError(
      await api().post(DATA_ROUTES.messages(created.body.id)).send(message),
      403,
      'permission-denied',
    );
    expect(server.store.messages(created.body.id)).toEqual([]);
    expect((await api().post(DATA_ROUTES.messages(created.body.id)).send(message)).status).toBe(201);
  });

  it('fails the identity operations with the given error code', async () => {
    await fault({ operation: 'botcheck', error: 'bot-check-unavailable' });
    expectError(await api().post(IDENTITY_ROUTES.botCheck), 503, 'bot-check-unavailable');

    await fault({ operation: 'otp.send', error: 'too-many-requests' });
    expectError(await sendCode(), 429, 'too-many-requests');
    const sent = await sendCode();
    expect(sent.status).toBe(200);

    await fault({ operation: 'otp.verify', error: 'code-expired' });
    const verify = () =>
      api()
        .post(IDENTITY_ROUTES.verifyCode)
        .send({ verificationId: sent.body.verificationId, code: '123456' });
    expectError(await verify(), 400, 'code-expired');
    expect((await verify()).status).toBe(200);
  });

  it('lists and clears pending faults', async () => {
    await fault({ operation: 'otp.send', error: 'invalid-phone-number', count: 4 });
    expect((await api().get(CONTROL_ROUTES.faults)).body.faults).toEqual([
      { operation: 'otp.send', error: { kind: 'code', code: 'invalid-phone-number' }, remaining: 4 },
    ]);
    expect((await control().delete(CONTROL_ROUTES.faults)).status).toBe(204);
    expect((await sendCode()).status).toBe(200);
  });

  it('rejects fault specs that do not fit their operation', async () => {
    for (const body of [
      { operation: 'nope', error: 500 },
      { operation: 'chat', error: 'unavailable' },
      { operation: 'chat', error: 200 },
      { operation: 'otp.send', error: 500 },
      { operation: 'listen', error: 'no-such-code' },
      { operation: 'chat', error: 500, count: 0 },
    ]) {
      expectError(await fault(body), 400, 'invalid-argument');
    }
    expect(server.faults.list()).toEqual([]);
  });

  it('refuses an unknown key, naming it, and adds no fault', async () => {
    expectError(await fault({ operation: 'chat', error: 500, extra: 1 }), 400, 'invalid-argument', '"extra"');
    expect(server.faults.list()).toEqual([]);
  });
});

describe('CONTROL_API=off', () => {
  it('leaves every control route a JSON 404 while the other APIs work', async () => {
    const off = createApp({ controlApi: false });
    try {
      for (const [method, path] of [
        ['get', CONTROL_ROUTES.health],
        ['post', CONTROL_ROUTES.reset],
        ['post', CONTROL_ROUTES.faults],
        ['post', CONTROL_ROUTES.clock],
        ['get', CONTROL_ROUTES.conversations],
        ['put', CONTROL_ROUTES.business('x')],
      ] as const) {
        expectError(await request(off.app)[method](path).send({}), 404, 'not-found');
      }
      expect((await request(off.app).get(DATA_ROUTES.businessById(DEFAULT_BUSINESS_ID))).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
