/**
 * A business colour (data-color, or the business's brandColor) tints the header, the visitor's
 * bubbles and the send button. Text on it is black or white, whichever contrasts more: for any
 * colour one of them reaches at least 4.58:1, so WCAG AA (4.5:1) holds whatever the colour.
 */
import type { Business } from '../model/business.js';

/**
 * The business's own colour for its page: its brandColor, else its primary location's; null for none.
 * A snippet's data-color (`?color=`) wins over it — the page decides that, not this.
 */
export function businessBrandColor(business: Pick<Business, 'brandColor' | 'locations'>): string | null {
  return business.brandColor ?? business.locations.find((location) => location.isPrimary)?.brandColor ?? null;
}

/** WCAG 2 relative luminance of '#rrggbb'. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two '#rrggbb' colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** '#000000' or '#ffffff', whichever is more readable on `background` ('#rrggbb'). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/**
 * The hover shade of a brand-coloured button: the colour moved 12% away from its text colour (darker
 * under white text, lighter under black), so hovering never lowers the contrast.
 */
export function hoverShade(background: string): string {
  const towards = readableTextOn(background) === '#ffffff' ? 0 : 255;
  const mix = (offset: number) => {
    const value = parseInt(background.slice(offset, offset + 2), 16);
    return Math.round(value + (towards - value) * 0.12)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}
