import { describe, expect, it } from 'vitest';
import type { Conversation } from '../model/conversation.js';
import {
  CONVERSATION_LIFETIME_MS,
  expiryFor,
  isConversationExpired,
  validateConversation,
} from './conversation-expiry.js';

const HOUR = 60 * 60 * 1000;
const CREATED = Date.UTC(2026, 2, 9, 15, 30, 0);
const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);

describe('expiryFor (§9 conversation lifetime: 24 h from creation, UTC)', () => {
  it('is exactly 24 hours after creation', () => {
    expect(CONVERSATION_LIFETIME_MS).toBe(24 * HOUR);
    expect(expiryFor(CREATED)).toBe(Date.UTC(2026, 2, 10, 15, 30, 0));
  });

  it('is 24 real hours even across a daylight-saving change in the visitor’s zone', () => {
    // 2026-03-08 is the US spring-forward day; a wall-clock "same time tomorrow" would be 23 h.
    const created = Date.UTC(2026, 2, 7, 12, 0, 0);
    expect(expiryFor(created) - created).toBe(24 * HOUR);
    expect(new Date(expiryFor(created)).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });
});

describe('isConversationExpired (§4: expired when expiredAt is missing or in the past)', () => {
  it('treats a missing expiredAt as expired', () => {
    // A stored document written without the field, as data read from outside can be.
    const withoutField = {} as Pick<Conversation, 'expiredAt'>;
    expect(isConversationExpired(withoutField, NOW)).toBe(true);
    expect(isConversationExpired({ expiredAt: null }, NOW)).toBe(true);
  });

  it('treats a non-finite expiredAt as expired', () => {
    expect(isConversationExpired({ expiredAt: Number.NaN }, NOW)).toBe(true);
  });

  it('is expired when expiredAt is in the past', () => {
    expect(isConversationExpired({ expiredAt: NOW - 1 }, NOW)).toBe(true);
    expect(isConversationExpired({ expiredAt: NOW - 3 * HOUR }, NOW)).toBe(true);
  });

  it('is expired at exactly expiredAt: the 24 hours are over', () => {
    expect(isConversationExpired({ expiredAt: NOW }, NOW)).toBe(true);
  });

  it('is not expired while expiredAt is in the future', () => {
    expect(isConversationExpired({ expiredAt: NOW + 1 }, NOW)).toBe(false);
    expect(isConversationExpired({ expiredAt: expiryFor(NOW) }, NOW)).toBe(false);
  });
});

describe('validateConversation (§4 conversation resolution, step 4)', () => {
  const valid = { businessId: 'bella-vista-salon', expiredAt: NOW + HOUR };

  it('rejects a conversation that does not exist', () => {
    expect(validateConversation(null, 'bella-vista-salon', NOW)).toEqual({ valid: false, reason: 'missing' });
    expect(validateConversation(undefined, 'bella-vista-salon', NOW)).toEqual({
      valid: false,
      reason: 'missing',
    });
  });

  it('rejects a conversation of another business', () => {
    expect(validateConversation(valid, 'sunrise-bakery', NOW)).toEqual({
      valid: false,
      reason: 'other-business',
    });
  });

  it('rejects an expired conversation', () => {
    expect(validateConversation({ ...valid, expiredAt: NOW - 1 }, 'bella-vista-salon', NOW)).toEqual({
      valid: false,
      reason: 'expired',
    });
    expect(validateConversation({ ...valid, expiredAt: null }, 'bella-vista-salon', NOW)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('accepts an existing, unexpired conversation of the same business', () => {
    expect(validateConversation(valid, 'bella-vista-salon', NOW)).toEqual({ valid: true });
  });

  it('a conversation created now is valid for 24 hours and no longer', () => {
    const fresh = { businessId: 'bella-vista-salon', expiredAt: expiryFor(CREATED) };
    expect(validateConversation(fresh, 'bella-vista-salon', CREATED + 24 * HOUR - 1)).toEqual({
      valid: true,
    });
    expect(validateConversation(fresh, 'bella-vista-salon', CREATED + 24 * HOUR)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });
});
