import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, hoverShade, readableTextOn } from './brand-color.js';

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('brand colour text', () => {
  it('matches the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4f46e5', '#ffffff')).toBeCloseTo(6.29, 1);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('puts white on dark colours and black on light ones', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#000000');
  });

  it('keeps WCAG AA (4.5:1) for every colour, and on its hover shade', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        const text = readableTextOn(color);
        expect(contrastRatio(color, text)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(hoverShade(color), text)).toBeGreaterThanOrEqual(
          contrastRatio(color, text) - 1e-9,
        );
      }),
    );
  });
});
