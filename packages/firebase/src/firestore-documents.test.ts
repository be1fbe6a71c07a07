import { Timestamp } from 'firebase/firestore';
import { describe, expect, it, vi } from 'vitest';
import {
  businessFromDocument,
  conversationFromDocument,
  messageFromDocument,
  messagesFromDocuments,
  millisToTimestamp,
  timeToMillis,
  withoutUndefined,
} from './firestore-documents.js';

const T0 = Date.UTC(2026, 10, 21, 15, 30, 0, 250);
const ts = (ms: number) => Timestamp.fromMillis(ms);

const storedConversation = {
  businessId: 'bella-vista-salon',
  userId: null,
  userType: 'anonymous',
  summaryFeedPosted: false,
  contextType: 'enduser',
  createdAt: ts(T0),
  updatedAt: ts(T0 + 5),
  expiredAt: ts(T0 + 86_400_000),
  isOutsideBusinessHours: false,
  lastMessage: null,
  signupFeedPosted: false,
};

describe('timeToMillis / millisToTimestamp', () => {
  it('converts Timestamps to epoch milliseconds, keeping the milliseconds', () => {
    expect(timeToMillis(ts(T0))).toBe(T0);
    expect(millisToTimestamp(T0).toMillis()).toBe(T0);
  });

  it('drops the sub-millisecond part Firestore keeps (microseconds), giving whole milliseconds', () => {
    const precise = new Timestamp(Math.floor(T0 / 1000), 250_999_000);
    expect(timeToMillis(precise)).toBe(T0 + 0);
    expect(Number.isInteger(timeToMillis(precise))).toBe(true);
  });

  it('leaves other values for the schema to judge', () => {
    expect(timeToMillis(T0)).toBe(T0);
    expect(timeToMillis('2026-11-21')).toBe('2026-11-21');
    expect(timeToMillis(null)).toBeNull();
    expect(timeToMillis(undefined)).toBeUndefined();
  });
});

describe('businessFromDocument', () => {
  it('takes the id from the document and applies schema defaults', () => {
    const result = businessFromDocument('bella-vista-salon', {
      handle: 'bellavista',
      businessName: 'Bella Vista Salon',
      verification: { status: 'approved' },
      ownerEmail: 'not part of the model',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'bella-vista-salon',
        handle: 'bellavista',
        businessName: 'Bella Vista Salon',
        verification: { status: 'approved' },
        suggestedQuestions: [],
        locations: [],
      },
    });
  });

  it('names what is missing from a business that cannot be read', () => {
    const result = businessFromDocument('b1', { handle: 'b1', verification: { status: 'maybe' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toContain("Business document 'b1' is malformed");
    expect(result.problem).toContain('businessName');
  });

  // Documents as another tool (the business admin) might write them: the page still loads.
  it('reads a verification status other than approved/denied as pending (Not Yet Verified)', () => {
    const result = businessFromDocument('b1', { businessName: 'B', verification: { status: 'in_review' } });
    expect(result.ok && result.value.verification).toEqual({ status: 'pending' });
  });

  it('skips malformed hours with one warning each and still loads', () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const result = businessFromDocument('b1', {
        businessName: 'B',
        verification: { status: 'approved' },
        hours: {
          timeZone: 'America/New_York',
          weeklySchedule: {
            monday: { isOpen: true, intervals: [{ start: '9:00', end: '17:00' }] },
            tuesday: { isOpen: true, intervals: [{ start: '09:00', end: '24:00' }] },
            wednesday: { isOpen: true, intervals: [{ start: '09:00', end: '17:00' }] },
          },
        },
        locations: [{ isPrimary: true, hours: { timeZone: 'Nowhere/Town' } }],
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(Object.keys(result.value.hours?.weeklySchedule ?? {})).toEqual(['wednesday']);
      expect(result.value.locations[0]?.hours).toEqual({});
      expect(warned).toHaveBeenCalledTimes(3);
    } finally {
      warned.mockRestore();
    }
  });

  it('reads a missing handle, empty suggested-question lines and unknown fields', () => {
    const result = businessFromDocument('b1', {
      businessName: 'B',
      verification: { status: 'approved' },
      suggestedQuestions: [{ line1: '' }, { line1: 'Open?', line2: 'Today' }],
      stripeCustomer: 'cus_1',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'b1',
        handle: '',
        businessName: 'B',
        verification: { status: 'approved' },
        suggestedQuestions: [{ line1: 'Open?', line2: 'Today' }],
        locations: [],
      },
    });
  });
});

describe('conversationFromDocument', () => {
  it('converts every stored time to epoch milliseconds', () => {
    const result = conversationFromDocument('c1', {
      ...storedConversation,
      lastMessage: { text: 'Hi', sender: 'user', sentAt: ts(T0 + 1), messageId: 'm1' },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        ...storedConversation,
        id: 'c1',
        createdAt: T0,
        updatedAt: T0 + 5,
        expiredAt: T0 + 86_400_000,
        lastMessage: { text: 'Hi', sender: 'user', sentAt: T0 + 1, messageId: 'm1' },
      },
    });
  });

  it('reads a missing expiredAt as null, which §4 treats as expired', () => {
    const { expiredAt: _omitted, ...withoutExpiry } = storedConversation;
    const result = conversationFromDocument('c1', withoutExpiry);
    expect(result.ok && result.value.expiredAt).toBeNull();
  });

  it('reads flags another tool left out as false and a missing expiredAt as expired (null)', () => {
    const result = conversationFromDocument('c1', { businessId: 'b1', createdAt: ts(T0), extra: 1 });
    expect(result.ok && result.value).toMatchObject({
      id: 'c1',
      businessId: 'b1',
      createdAt: T0,
      expiredAt: null,
      signupFeedPosted: false,
      summaryFeedPosted: false,
      isOutsideBusinessHours: false,
    });
    expect(result.ok && 'extra' in result.value).toBe(false);
  });

  it('cannot read a conversation without its business', () => {
    const result = conversationFromDocument('c1', { ...storedConversation, businessId: undefined });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toContain('businessId');
  });
});

describe('messageFromDocument', () => {
  it('converts createdAt and normalises smart replies stored as strings', () => {
    const result = messageFromDocument('m1', {
      role: 'model',
      text: 'Hello',
      createdAt: ts(T0),
      smartReplies: ['Book now', { text: 'Hours?' }, ''],
    });
    expect(result).toEqual({
      ok: true,
      value: {
        id: 'm1',
        role: 'model',
        text: 'Hello',
        createdAt: T0,
        smartReplies: [
          { type: 'chat', text: 'Book now' },
          { type: 'chat', text: 'Hours?' },
        ],
      },
    });
  });

  it('shows a message of an unknown type as an ordinary message of its role', () => {
    const result = messageFromDocument('m1', {
      role: 'model',
      text: 'Cards',
      type: 'carousel',
      createdAt: ts(T0),
    });
    expect(result).toEqual({ ok: true, value: { id: 'm1', role: 'model', text: 'Cards', createdAt: T0 } });
  });

  it('keeps a message with an overlong smart reply, clipping the reply', () => {
    const result = messageFromDocument('m1', {
      role: 'model',
      text: 'Hi',
      createdAt: ts(T0),
      smartReplies: ['y'.repeat(400)],
    });
    expect(result.ok && result.value.smartReplies?.[0]?.text).toHaveLength(200);
  });

  it('leaves smartReplies absent when the document has none', () => {
    const result = messageFromDocument('m1', { role: 'user', text: 'Hi', createdAt: ts(T0) });
    expect(result.ok && 'smartReplies' in result.value && result.value.smartReplies !== undefined).toBe(
      false,
    );
  });
});

describe('messagesFromDocuments', () => {
  it('orders by createdAt (stable for equal times) and skips malformed documents', () => {
    const problems: string[] = [];
    const messages = messagesFromDocuments(
      [
        { id: 'late', data: { role: 'user', text: 'pending write', createdAt: ts(T0 + 900) } },
        { id: 'a', data: { role: 'user', text: 'first', createdAt: ts(T0) } },
        { id: 'bad', data: { role: 'robot', text: 'x', createdAt: ts(T0 + 1) } },
        { id: 'b', data: { role: 'model', text: 'second', createdAt: ts(T0) } },
      ],
      (problem) => problems.push(problem),
    );
    expect(messages.map((m) => m.id)).toEqual(['a', 'b', 'late']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("Message document 'bad'");
    expect(problems[0]).toContain('role');
  });
});

describe('withoutUndefined', () => {
  it('drops undefined values and keeps null, false and empty strings', () => {
    expect(withoutUndefined({ role: 'user', text: '', type: undefined, userId: null, flag: false })).toEqual({
      role: 'user',
      text: '',
      userId: null,
      flag: false,
    });
  });
});
