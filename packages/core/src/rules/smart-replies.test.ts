import { describe, expect, it } from 'vitest';
import { MAX_SMART_REPLIES, normaliseSmartReplies } from './smart-replies.js';

describe('normaliseSmartReplies (§5 normalisation, §9 at most 4 shown)', () => {
  it('turns strings into chat replies', () => {
    expect(normaliseSmartReplies(['Book now', 'Prices?'])).toEqual([
      { type: 'chat', text: 'Book now' },
      { type: 'chat', text: 'Prices?' },
    ]);
  });

  it('keeps an object’s type and text', () => {
    expect(normaliseSmartReplies([{ type: 'system', text: 'Verify later' }])).toEqual([
      { type: 'system', text: 'Verify later' },
    ]);
  });

  it('defaults a missing, blank or non-string type to chat', () => {
    expect(
      normaliseSmartReplies([
        { text: 'a' },
        { type: '', text: 'b' },
        { type: '  ', text: 'c' },
        { type: 7, text: 'd' },
      ]),
    ).toEqual([
      { type: 'chat', text: 'a' },
      { type: 'chat', text: 'b' },
      { type: 'chat', text: 'c' },
      { type: 'chat', text: 'd' },
    ]);
  });

  it('trims the text', () => {
    expect(normaliseSmartReplies(['  Hours?  ', { text: '\nWhere?\t' }])).toEqual([
      { type: 'chat', text: 'Hours?' },
      { type: 'chat', text: 'Where?' },
    ]);
  });

  it('mixes strings and objects in their original order', () => {
    expect(normaliseSmartReplies(['one', { type: 'system', text: 'two' }, 'three'])).toEqual([
      { type: 'chat', text: 'one' },
      { type: 'system', text: 'two' },
      { type: 'chat', text: 'three' },
    ]);
  });

  it('drops blank and invalid items', () => {
    expect(
      normaliseSmartReplies([
        '',
        '   ',
        null,
        undefined,
        42,
        true,
        [],
        {},
        { type: 'chat' },
        { text: 5 },
        { text: ' ' },
        'kept',
      ]),
    ).toEqual([{ type: 'chat', text: 'kept' }]);
  });

  it('keeps at most 4, counting only valid items', () => {
    expect(MAX_SMART_REPLIES).toBe(4);
    expect(normaliseSmartReplies(['1', '2', '3', '4', '5', '6'])).toEqual(
      ['1', '2', '3', '4'].map((text) => ({ type: 'chat', text })),
    );
    expect(normaliseSmartReplies(['', '1', null, '2', '3', '', '4', '5'])).toEqual(
      ['1', '2', '3', '4'].map((text) => ({ type: 'chat', text })),
    );
  });

  it('returns [] for anything that is not an array', () => {
    for (const value of [undefined, null, 'Book now', 3, { type: 'chat', text: 'x' }]) {
      expect(normaliseSmartReplies(value)).toEqual([]);
    }
    expect(normaliseSmartReplies([])).toEqual([]);
  });
});
