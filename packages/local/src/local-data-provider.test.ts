import {
  DATA_ROUTES,
  type ProviderError,
  type Business,
  type Conversation,
  type Message,
  newMessageId,
} from '@chat/core';
import { describe, expect, it, vi } from 'vitest';
import { createLocalDataProvider } from './local-data-provider.js';
import { createFakeFetch, errorBody, json } from './testing/fake-fetch.js';
import { rejection } from './testing/provider-rejection.js';

const SERVER = 'http://data.test';

const business: Business = {
  id: 'biz-1',
  handle: 'biz',
  businessName: 'Biz',
  suggestedQuestions: [],
  verification: { status: 'approved' },
  locations: [],
};

const conversation: Conversation = {
  id: 'conv-1',
  businessId: 'biz-1',
  userId: null,
  userType: 'anonymous',
  summaryFeedPosted: false,
  contextType: 'enduser',
  createdAt: 1000,
  updatedAt: 1000,
  expiredAt: 1000 + 24 * 3600 * 1000,
  isOutsideBusinessHours: false,
  signupFeedPosted: false,
};

const message: Message = { id: 'm1', role: 'user', text: 'Hi', createdAt: 2000 };

describe('createLocalDataProvider over HTTP', () => {
  it('reads a business by id and by handle, and null for a 404', async () => {
    const { fetch, calls } = createFakeFetch({
      [`GET ${DATA_ROUTES.businessById('biz-1')}`]: () => json(200, business),
      [`GET ${DATA_ROUTES.businessByHandle('biz')}`]: () => json(200, business),
    });
    const data = createLocalDataProvider({ serverUrl: SERVER + '/', fetch });

    expect(await data.getBusinessById('biz-1')).toEqual(business);
    expect(await data.getBusinessByHandle('biz')).toEqual(business);
    expect(await data.getBusinessById('nobody')).toBeNull();
    expect(await data.getBusinessByHandle('nobody')).toBeNull();
    expect(calls.every((c) => c.headers.authorization === undefined)).toBe(true);
  });

  // Documents as another tool might have written them: read liberally, as on Firebase.
  it('reads an unknown verification status as pending, skips malformed hours and unknown fields', async () => {
    const planted = {
      id: 'biz-2',
      businessName: 'Planted',
      verification: { status: 'suspended' },
      suggestedQuestions: [{ line1: '' }, { line1: 'Open?' }],
      hours: {
        timeZone: 'America/Chicago',
        weeklySchedule: {
          monday: { isOpen: true, intervals: [{ start: '9:00', end: '17:00' }] },
          tuesday: { isOpen: true, intervals: [{ start: '09:00', end: '17:00' }] },
        },
      },
      locations: [{ isPrimary: true, hours: { timeZone: 'Atlantis/Lost' } }],
      crmId: 7,
    };
    const { fetch } = createFakeFetch({
      [`GET ${DATA_ROUTES.businessById('biz-2')}`]: () => json(200, planted),
    });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const data = createLocalDataProvider({ serverUrl: SERVER, fetch });
      expect(await data.getBusinessById('biz-2')).toEqual({
        id: 'biz-2',
        handle: '',
        businessName: 'Planted',
        verification: { status: 'pending' },
        suggestedQuestions: [{ line1: 'Open?', line2: '' }],
        hours: {
          timeZone: 'America/Chicago',
          weeklySchedule: { tuesday: { isOpen: true, intervals: [{ start: '09:00', end: '17:00' }] } },
        },
        locations: [{ isPrimary: true, hours: {} }],
      });
      expect(warned).toHaveBeenCalledTimes(2);
    } finally {
      warned.mockRestore();
    }
  });

  it('reads a conversation another tool wrote with fields left out', async () => {
    const { fetch } = createFakeFetch({
      [`GET ${DATA_ROUTES.conversation('conv-9')}`]: () =>
        json(200, { id: 'conv-9', businessId: 'biz-1', createdAt: 5, expiredAt: 99, source: 'sms' }),
    });
    const data = createLocalDataProvider({ serverUrl: SERVER, fetch });
    expect(await data.getConversation('conv-9')).toMatchObject({
      id: 'conv-9',
      signupFeedPosted: false,
      summaryFeedPosted: false,
      expiredAt: 99,
    });
  });

  it('resolves getConversation null on 404 and 403, and rejects on other failures', async () => {
    const { fetch } = createFakeFetch({
      [`GET ${DATA_ROUTES.conversation('theirs')}`]: () => errorBody(403, 'permission-denied'),
      [`GET ${DATA_ROUTES.conversation('broken')}`]: () => errorBody(500, 'internal', 'disk on fire'),
      [`GET ${DATA_ROUTES.conversation('conv-1')}`]: () => json(200, conversation),
    });
    const data = createLocalDataProvider({ serverUrl: SERVER, fetch });

    expect(await data.getConversation('conv-1')).toEqual(conversation);
    expect(await data.getConversation('missing')).toBeNull();
    expect(await data.getConversation('theirs')).toBeNull();
    expect(await rejection(data.getConversation('broken'))).toMatchObject({ code: 'internal', status: 500 });
  });

  it('sends the bearer token from getIdToken when signed in', async () => {
    let token: string | null = 'tok-1';
    const { fetch, calls } = createFakeFetch({
      [`POST ${DATA_ROUTES.conversations}`]: () => json(201, conversation),
      [`POST ${DATA_ROUTES.messages('conv-1')}`]: () => json(201, message),
    });
    const data = createLocalDataProvider({ serverUrl: SERVER, fetch, getIdToken: async () => token });

    await data.createConversation({
      businessId: 'biz-1',
      userId: 'u_1',
      userType: 'enduser',
      isOutsideBusinessHours: true,
    });
    token = null;
    await data.addMessage('conv-1', { id: newMessageId(), role: 'user', text: 'Hi' });

    expect(calls[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(calls[0]?.body).toEqual({
      businessId: 'biz-1',
      userId: 'u_1',
      userType: 'enduser',
      contextType: 'enduser',
      isOutsideBusinessHours: true,
    });
    expect(calls[1]?.headers.authorization).toBeUndefined();
    expect(calls[1]?.body).toMatchObject({ role: 'user', text: 'Hi' });
  });

  it('sends the writes to their routes with their bodies', async () => {
    const { fetch, calls } = createFakeFetch({
      [`POST ${DATA_ROUTES.signupFeedPosted('conv-1')}`]: () => new Response(null, { status: 204 }),
      [`POST ${DATA_ROUTES.feed('biz-1')}`]: ({ body }) =>
        json(201, { ...(body as object), id: 'f1', createdAt: 5 }),
    });
    const data = createLocalDataProvider({ serverUrl: SERVER, fetch });
    const item = {
      type: 'NEW_SIGNUP' as const,
      customerName: null,
      customerPhone: '+15555550100',
      conversationId: 'conv-1',
      message: '+15555550100 signed up.',
    };

    await data.addFeedItem('biz-1', item);
    await data.markSignupFeedPosted('conv-1');

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${DATA_ROUTES.feed('biz-1')}`,
      `POST ${DATA_ROUTES.signupFeedPosted('conv-1')}`,
    ]);
    expect(calls[0]?.body).toEqual(item);
  });

  it('rejects bad input with invalid-argument naming the field, before any request', async () => {
    const { fetch, calls } = createFakeFetch({});
    const data = createLocalDataProvider({ serverUrl: SERVER, fetch });

    const wrongRole = await rejection(
      data.addMessage('conv-1', { id: newMessageId(), role: 'model' as never, text: 'x' }),
    );
    const badId = await rejection(data.getBusinessById('a/b'));
    const badConversation = await rejection(
      data.createConversation({
        businessId: 'biz-1',
        userId: null,
        userType: 'robot' as never,
        isOutsideBusinessHours: false,
      }),
    );

    expect(wrongRole).toMatchObject({ code: 'invalid-argument' });
    expect(wrongRole.message).toContain('role');
    expect(badId.message).toContain('businessId');
    expect(badConversation.message).toContain('userType');
    expect(calls).toHaveLength(0);
  });

  it('maps error bodies to their codes, and a body that is not a Message to internal', async () => {
    const { fetch } = createFakeFetch({
      [`POST ${DATA_ROUTES.messages('conv-1')}`]: () => json(201, { id: 'm1', role: 'user' }),
      [`POST ${DATA_ROUTES.messages('gone')}`]: () => errorBody(404, 'not-found'),
      [`POST ${DATA_ROUTES.messages('full')}`]: () => new Response('nope', { status: 503 }),
    });
    const data = createLocalDataProvider({ serverUrl: SERVER, fetch });

    const malformed = await rejection(
      data.addMessage('conv-1', { id: newMessageId(), role: 'user', text: 'Hi' }),
    );
    expect(malformed.code).toBe('internal');
    // Read as the page reads any message (core's readMessage), which names the first field it cannot use.
    expect(malformed.message).toContain('text: not a string');
    expect(
      (await rejection(data.addMessage('gone', { id: newMessageId(), role: 'user', text: 'Hi' }))).code,
    ).toBe('not-found');
    expect(
      (await rejection(data.addMessage('full', { id: newMessageId(), role: 'user', text: 'Hi' }))).code,
    ).toBe('unavailable');
  });

  it('reports an invalid conversation id to the observer instead of subscribing', async () => {
    const { fetch } = createFakeFetch({});
    const data = createLocalDataProvider({ serverUrl: SERVER, fetch });
    const errors: ProviderError[] = [];

    data.subscribeToMessages('../etc', { next: () => undefined, error: (e) => errors.push(e) });
    await Promise.resolve();

    expect(errors.map((e) => e.code)).toEqual(['invalid-argument']);
    data.close();
  });
});
