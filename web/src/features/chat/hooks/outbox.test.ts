import { describe, expect, it } from 'vitest';
import type { Message } from '@chat/core';
import { carriedItems, placeOutbox, type OutboxItem } from './outbox.js';

const stored = (id: string, text: string, role: Message['role'] = 'user'): Message => ({
  id,
  role,
  text,
  createdAt: 1,
});

const item = (key: string, text: string, fields: Partial<OutboxItem> = {}): OutboxItem => ({
  key,
  text,
  status: 'sending',
  messageId: null,
  after: 0,
  ...fields,
});

describe('placeOutbox (each of the visitor’s messages shows once, stored or on its way)', () => {
  it('shows an item whose stored copy has not arrived, in the order sent', () => {
    const items = [item('k1', 'First'), item('k2', 'Second', { status: 'failed' })];
    const placed = placeOutbox([], items);
    expect(placed.unstored.map((i) => i.key)).toEqual(['k1', 'k2']);
    expect(placed.keyOf.size).toBe(0);
  });

  it('matches a saved item to its stored copy by id, which then keeps the item’s key', () => {
    const placed = placeOutbox(
      [stored('m1', 'Hello')],
      [item('k1', 'Hello', { status: 'saved', messageId: 'm1' })],
    );
    expect(placed.unstored).toEqual([]);
    expect(placed.keyOf.get('m1')).toBe('k1');
  });

  it('keeps showing a saved item until the live stream brings its copy', () => {
    const placed = placeOutbox([], [item('k1', 'Hello', { status: 'saved', messageId: 'm1' })]);
    expect(placed.unstored.map((i) => i.status)).toEqual(['saved']);
  });

  it('recognises a copy the stream brought before the save answered, by its text after the item was queued', () => {
    // 'Hello' was already in the conversation (index 0) when the item was queued (after: 1).
    const list = [stored('m0', 'Hello'), stored('a0', 'Hi!', 'model'), stored('m1', 'Hello')];
    const placed = placeOutbox(list, [item('k1', 'Hello', { after: 1 })]);
    expect(placed.keyOf.get('m1')).toBe('k1');
    expect(placed.keyOf.has('m0')).toBe(false);
    expect(placed.unstored).toEqual([]);
  });

  it('gives each of two identical messages its own copy, and shows the one not stored yet', () => {
    const items = [item('k1', 'ok'), item('k2', 'ok')];
    const placed = placeOutbox([stored('m1', 'ok')], items);
    expect(placed.keyOf.get('m1')).toBe('k1');
    expect(placed.unstored.map((i) => i.key)).toEqual(['k2']);
  });

  it('does not take an assistant message with the same text for the visitor’s', () => {
    const placed = placeOutbox([stored('a1', 'Hello', 'model')], [item('k1', 'Hello')]);
    expect(placed.unstored.map((i) => i.key)).toEqual(['k1']);
  });

  it('recognises a message that failed by the deadline but was saved after all', () => {
    const placed = placeOutbox([stored('m1', 'Hello')], [item('k1', 'Hello', { status: 'failed' })]);
    expect(placed.keyOf.get('m1')).toBe('k1');
    expect(placed.unstored).toEqual([]);
  });
});

describe('carriedItems (what a new conversation starts with)', () => {
  it('puts the failed messages first, not sent, then the ones to send', () => {
    let n = 0;
    const items = carriedItems(
      { send: ['Second', 'Third'], notSent: ['First'], draft: 'typing' },
      () => `k${++n}`,
    );
    expect(items.map((i) => [i.key, i.text, i.status])).toEqual([
      ['k1', 'First', 'failed'],
      ['k2', 'Second', 'sending'],
      ['k3', 'Third', 'sending'],
    ]);
  });
});
