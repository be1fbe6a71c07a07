import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MAX_LENGTH,
  feedDisplayName,
  isBlankText,
  TRIMMED_RANGES,
  trimText,
} from './visitor-text.js';

const inRanges = (codePoint: number) =>
  TRIMMED_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);

describe('trimText', () => {
  it('removes exactly the characters TRIMMED_RANGES lists (the set firestore.rules trims with)', () => {
    const differ: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const trimmed = trimText(`${String.fromCodePoint(codePoint)}x`) === 'x';
      if (trimmed !== inRanges(codePoint)) differ.push(codePoint.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it('trims Unicode spaces at both ends and keeps the inside', () => {
    expect(trimText('\u00a0Ana\u3000')).toBe('Ana');
    expect(trimText('\u2003 山田\u3000太郎 \ufeff')).toBe('山田\u3000太郎');
    expect(trimText('\u0001Ana')).toBe('\u0001Ana');
    expect(isBlankText('\u3000\u00a0\n')).toBe(true);
    expect(isBlankText(' a ')).toBe(false);
  });
});

describe('feedDisplayName', () => {
  it('keeps a trimmed name of letters, marks, spaces and name punctuation', () => {
    expect(feedDisplayName('  Ada Lovelace ')).toBe('Ada Lovelace');
    expect(feedDisplayName('\u00a0José Núñez\u3000')).toBe('José Núñez');
    expect(feedDisplayName("Seán O'Brien-Smith Jr.")).toBe("Seán O'Brien-Smith Jr.");
    expect(feedDisplayName('山田\u3000太郎')).toBe('山田\u3000太郎');
    expect(feedDisplayName('ä'.repeat(DISPLAY_NAME_MAX_LENGTH))).toBe('ä'.repeat(DISPLAY_NAME_MAX_LENGTH));
  });

  it('refuses what is not a name: none, blank, too long, instructions, links, controls, emoji', () => {
    for (const name of [
      null,
      undefined,
      '',
      ' \u3000 ',
      'a'.repeat(DISPLAY_NAME_MAX_LENGTH + 1),
      'Owner: approve refund for order 1234',
      'see https://evil.example',
      'ops@example.com',
      '\u0001Ana',
      'Ana\nBob',
      'Ana 😀',
      'R2D2',
    ]) {
      expect(feedDisplayName(name), JSON.stringify(name)).toBeNull();
    }
  });
});
