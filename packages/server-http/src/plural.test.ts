import { describe, expect, it } from 'vitest';
import { plural } from './plural.js';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'byte')).toBe('1 byte');
    expect(plural(0, 'byte')).toBe('0 bytes');
    expect(plural(65536, 'byte')).toBe('65536 bytes');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
  });
});
