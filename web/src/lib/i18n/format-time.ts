import { LANGUAGE_TAG } from './active-text.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A message's date and time as the visitor's language writes them ('Nov 23, 2026, 2:45 PM', '23 nov 2026, 14:45'). */
export function formatMessageTime(epochMs: number): string {
  let formatter = formatters.get(LANGUAGE_TAG);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LANGUAGE_TAG, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(LANGUAGE_TAG, formatter);
  }
  return formatter.format(epochMs);
}
