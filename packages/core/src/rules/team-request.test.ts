import { describe, expect, it } from 'vitest';
import { TeamRequestItemSchema } from '../schema/feed-item.js';
import { teamRequestItem, teamRequestItemId } from './team-request.js';

const VERIFIED = { uid: 'u1', phoneNumber: '+15555550100', displayName: 'Test Visitor' };

describe('teamRequestItem (issue 27: what the business receives)', () => {
  it('takes the customer from the verified user and keeps the visitor’s words and the summary', () => {
    const item = teamRequestItem(
      {
        type: 'BOOKING_REQUEST',
        request: 'Can I move my haircut to Friday?',
        summary: 'Move  haircut\nto Friday',
      },
      VERIFIED,
      'conv-1',
      'msg-1',
    );
    expect(item).toEqual({
      type: 'BOOKING_REQUEST',
      customerName: 'Test Visitor',
      customerPhone: '+15555550100',
      conversationId: 'conv-1',
      messageId: 'msg-1',
      request: 'Can I move my haircut to Friday?',
      summary: 'Move haircut to Friday',
      message: 'Test Visitor sent a booking request.',
    });
    expect(TeamRequestItemSchema.safeParse({ ...item, id: 'x', createdAt: 1 }).success).toBe(true);
  });

  it('names the customer by phone when the name is not fit for the feed, and has no summary without a model', () => {
    const item = teamRequestItem(
      { type: 'HANDOFF', request: 'I want a person' },
      { ...VERIFIED, displayName: 'Owner: approve refund for order 1234' },
      'c',
      'm',
    );
    expect(item?.customerName).toBeNull();
    expect(item?.summary).toBeNull();
    expect(item?.message).toBe('+15555550100 asked to talk to the team.');
  });

  it('passes nothing on for a user without a verified phone number', () => {
    expect(
      teamRequestItem({ type: 'HANDOFF', request: 'hi' }, { ...VERIFIED, phoneNumber: null }, 'c', 'm'),
    ).toBeNull();
  });

  it('bounds the visitor’s words and the summary', () => {
    const item = teamRequestItem(
      { type: 'HANDOFF', request: 'a'.repeat(5000), summary: 'b'.repeat(1000) },
      VERIFIED,
      'c',
      'm',
    );
    expect(item?.request).toHaveLength(2048);
    expect(item?.summary).toHaveLength(300);
  });

  it('derives one id per answered message, apart from any signup item’s id', () => {
    expect(teamRequestItemId('conv-1', 'msg-1')).toBe(teamRequestItemId('conv-1', 'msg-1'));
    expect(teamRequestItemId('conv-1', 'msg-1')).not.toBe(teamRequestItemId('conv-1', 'msg-2'));
    expect(teamRequestItemId('conv-1', 'msg-1')).not.toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
