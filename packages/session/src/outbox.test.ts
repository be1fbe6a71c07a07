import { describe, expect, it } from 'vitest';
import type { Message } from '@chat/core';
import { carriedItems, carryOf, unstoredItems, type OutboxItem } from './outbox.js';

const stored = (id: string, text: string): Message => ({ id, role: 'user', text, createdAt: 1 });
const item = (id: string, text: string, delivery: OutboxItem['delivery'] = 'sending'): OutboxItem => ({
  id,
  text,
  delivery,
});

describe('unstoredItems (each of the visitor’s messages shows once, stored or on its way)', () => {
  it('shows the items whose stored copy has not arrived, in the order sent', () => {
    const items = [item('a', 'First'), item('b', 'Second', 'failed')];
    expect(unstoredItems([], items).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('an item whose stored copy arrived is shown as the stored message, whatever its delivery says', () => {
    // A save that timed out ('failed') and landed after all: its copy is in the list under its id.
    const items = [item('a', 'Hours?', 'failed'), item('b', 'Where?')];
    expect(unstoredItems([stored('a', 'Hours?')], items).map((i) => i.id)).toEqual(['b']);
  });

  it('regression: another stored message with the same text is not taken for the item', () => {
    // Before: an item whose save had not answered was matched by its text, so the visitor's earlier
    // "Hi" hid the new "Hi" still being saved.
    expect(unstoredItems([stored('old', 'Hi')], [item('new', 'Hi')]).map((i) => i.id)).toEqual(['new']);
  });
});

describe('carry: what moves to a new conversation', () => {
  it('carries the waiting messages (first ahead) and the failed ones, under new ids', () => {
    const items = [item('a', 'one', 'sent'), item('b', 'two', 'failed'), item('c', 'three')];
    const carry = carryOf(items, 'zero', 'typed');
    expect(carry).toEqual({ send: ['zero', 'three'], notSent: ['two'], draft: 'typed' });
    let n = 0;
    const next = carriedItems(carry, () => `n${++n}`);
    expect(next).toEqual([
      { id: 'n1', text: 'two', delivery: 'failed' },
      { id: 'n2', text: 'zero', delivery: 'sending' },
      { id: 'n3', text: 'three', delivery: 'sending' },
    ]);
  });
});
