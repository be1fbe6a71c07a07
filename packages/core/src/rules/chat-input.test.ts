import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '../model/message.js';
import { applyPaste, clampToLimit, INPUT_MAX_HEIGHT_PX, isBlank, normaliseOutgoing } from './chat-input.js';

const LIMIT = 2048;
const EMOJI = '\u{1F600}'; // two UTF-16 units

describe('chat input constants (§9)', () => {
  it('limits messages to 2048 characters and the textarea to 300px', () => {
    expect(MAX_MESSAGE_LENGTH).toBe(LIMIT);
    expect(INPUT_MAX_HEIGHT_PX).toBe(300);
  });
});

describe('normaliseOutgoing (§5: the text is trimmed before sending)', () => {
  it('trims spaces, tabs and newlines at both ends and keeps inner ones', () => {
    expect(normaliseOutgoing('  hello  ')).toBe('hello');
    expect(normaliseOutgoing('\n\thello\nworld \t\n')).toBe('hello\nworld');
    expect(normaliseOutgoing('hello')).toBe('hello');
  });
});

describe('isBlank (§5: blank or whitespace-only messages cannot be sent)', () => {
  it.each(['', ' ', '   ', '\n', '\t', ' \n\t \r\n ', '\u00a0'])('%j is blank', (text) => {
    expect(isBlank(text)).toBe(true);
  });

  it.each(['a', ' a ', '\n.\n', '0'])('%j is not blank', (text) => {
    expect(isBlank(text)).toBe(false);
  });
});

describe('clampToLimit (§5: typing beyond 2048 truncates)', () => {
  it('keeps 2047 and 2048 characters whole', () => {
    expect(clampToLimit('a'.repeat(2047))).toEqual({ text: 'a'.repeat(2047), truncated: false });
    expect(clampToLimit('a'.repeat(2048))).toEqual({ text: 'a'.repeat(2048), truncated: false });
  });

  it('cuts 2049 characters to 2048 and says so', () => {
    const result = clampToLimit('a'.repeat(2048) + 'b');
    expect(result).toEqual({ text: 'a'.repeat(2048), truncated: true });
  });

  it('never cuts an emoji in half', () => {
    const result = clampToLimit('a'.repeat(2047) + EMOJI);
    expect(result).toEqual({ text: 'a'.repeat(2047), truncated: true });
  });
});

describe('applyPaste (§5, §8: pasting within the 2048 limit)', () => {
  it('inserts text that fits at the caret', () => {
    expect(applyPaste('hello world', 'big ', 6, 6)).toEqual({
      kind: 'fits',
      text: 'hello big world',
      caret: 10,
    });
  });

  it('fills the field exactly to the limit', () => {
    expect(applyPaste('a'.repeat(2040), 'b'.repeat(8), 2040, 2040)).toEqual({
      kind: 'fits',
      text: 'a'.repeat(2040) + 'b'.repeat(8),
      caret: 2048,
    });
  });

  it('truncates a paste that does not fit and puts the caret after what was inserted', () => {
    const current = 'x'.repeat(1000) + 'y'.repeat(1000); // 2000 characters, 48 free
    const result = applyPaste(current, 'p'.repeat(100), 1000, 1000);
    expect(result).toEqual({
      kind: 'truncated',
      text: 'x'.repeat(1000) + 'p'.repeat(48) + 'y'.repeat(1000),
      caret: 1048,
    });
  });

  it('inserts nothing when the field is already at the limit', () => {
    const full = 'a'.repeat(LIMIT);
    expect(applyPaste(full, 'more', 10, 10)).toEqual({ kind: 'at-limit', text: full, caret: 10 });
  });

  it('frees the selected text’s room when the paste replaces a selection', () => {
    const full = 'a'.repeat(2000) + 'SELECTED' + 'b'.repeat(40); // 2048 characters
    expect(applyPaste(full, 'new text', 2000, 2008)).toEqual({
      kind: 'fits',
      text: 'a'.repeat(2000) + 'new text' + 'b'.repeat(40),
      caret: 2008,
    });
    expect(applyPaste(full, 'a longer text', 2000, 2008)).toEqual({
      kind: 'truncated',
      text: 'a'.repeat(2000) + 'a longer' + 'b'.repeat(40),
      caret: 2008,
    });
  });

  it('never inserts half of an emoji', () => {
    const almostFull = 'a'.repeat(2045);
    expect(applyPaste(almostFull, EMOJI + EMOJI, 2045, 2045)).toEqual({
      kind: 'truncated',
      text: almostFull + EMOJI,
      caret: 2047,
    });
    // One unit free is not room for an emoji: nothing fits.
    expect(applyPaste('a'.repeat(2047), EMOJI, 2047, 2047)).toEqual({
      kind: 'at-limit',
      text: 'a'.repeat(2047),
      caret: 2047,
    });
  });

  it('never exceeds the limit and keeps the text around the selection (property)', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 40 });
    const withinLimit = fc
      .tuple(fc.integer({ min: 0, max: LIMIT }), anyText)
      .map(([fill, tail]) => ('.'.repeat(fill) + tail).slice(-LIMIT));
    const pasted = fc.oneof(
      anyText,
      fc.integer({ min: 0, max: 3000 }).map((n) => 'p'.repeat(n)),
    );
    fc.assert(
      fc.property(withinLimit, pasted, fc.nat(), fc.nat(), (current, paste, a, b) => {
        const start = a % (current.length + 1);
        const end = start + (b % (current.length - start + 1));
        const result = applyPaste(current, paste, start, end);
        const before = current.slice(0, start);
        const after = current.slice(end);

        expect(result.text.length).toBeLessThanOrEqual(LIMIT);
        if (result.kind === 'at-limit') {
          expect(result.text).toBe(current);
          return;
        }
        expect(result.text.startsWith(before)).toBe(true);
        expect(result.text.endsWith(after)).toBe(true);
        const inserted = result.text.slice(before.length, result.text.length - after.length);
        expect(paste.startsWith(inserted)).toBe(true);
        expect(result.caret).toBe(before.length + inserted.length);
        expect(result.kind).toBe(inserted === paste ? 'fits' : 'truncated');
      }),
    );
    // A ceiling, not a speed target: 100 runs take well under a second alone, but several seconds on a
    // loaded 2-core CI machine (it once passed the 5 s default there).
  }, 30_000);
});
