import { afterEach, describe, expect, it } from 'vitest';
import { applyBrandColor } from './brand-color.js';

afterEach(() => applyBrandColor(null));

describe('applyBrandColor', () => {
  it('sets the brand tokens with a readable text colour, and removes them again', () => {
    const root = document.documentElement;
    applyBrandColor('#fde047');
    expect(root.hasAttribute('data-brand')).toBe(true);
    expect(root.style.getPropertyValue('--brand')).toBe('#fde047');
    expect(root.style.getPropertyValue('--on-brand')).toBe('#000000');
    applyBrandColor('#1e3a8a');
    expect(root.style.getPropertyValue('--on-brand')).toBe('#ffffff');
    applyBrandColor(null);
    expect(root.hasAttribute('data-brand')).toBe(false);
    expect(root.style.getPropertyValue('--brand')).toBe('');
  });
});
