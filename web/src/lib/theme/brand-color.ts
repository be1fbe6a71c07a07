/**
 * Tints the page with a business colour: the header, the visitor's bubbles and the send button take
 * it, with black or white text (whichever keeps WCAG AA, see core's brand-color rule). The colours are
 * custom properties on <html>, set through the CSSOM (allowed by a strict CSP, unlike style
 * attributes in markup); without a colour the design tokens' own values apply.
 */
import { hoverShade, readableTextOn } from '@chat/core';

const PROPERTIES = ['--brand', '--on-brand', '--brand-hover'] as const;

export function applyBrandColor(color: string | null, root: HTMLElement = document.documentElement): void {
  if (color === null) {
    for (const property of PROPERTIES) root.style.removeProperty(property);
    root.removeAttribute('data-brand');
    return;
  }
  root.style.setProperty('--brand', color);
  root.style.setProperty('--on-brand', readableTextOn(color));
  root.style.setProperty('--brand-hover', hoverShade(color));
  // The stylesheets switch the header, bubbles and send button to the brand colour on this flag.
  root.setAttribute('data-brand', '');
}
