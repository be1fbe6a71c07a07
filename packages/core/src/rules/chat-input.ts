import { MAX_MESSAGE_LENGTH } from '../model/message.js';
import { isBlankText, trimText } from './visitor-text.js';

/** The composer's height cap in pixels; it scrolls beyond (§5, §9). */
export const INPUT_MAX_HEIGHT_PX = 300;

/** The text actually sent: trimmed (§5). */
export function normaliseOutgoing(text: string): string {
  return trimText(text);
}

/** Blank or whitespace-only text cannot be sent (§5). */
export function isBlank(text: string): boolean {
  return isBlankText(text);
}

/**
 * The first `length` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair:
 * half an emoji is not a character, and a lone surrogate shows as garbage and breaks JSON round trips.
 */
function prefixOf(text: string, length: number): string {
  if (length <= 0) return '';
  if (length >= text.length) return text;
  const last = text.charCodeAt(length - 1);
  const next = text.charCodeAt(length);
  const splitsPair = last >= 0xd800 && last <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
  return text.slice(0, splitsPair ? length - 1 : length);
}

/** Cuts text to the 2048-character limit; `truncated` tells whether anything was cut. */
export function clampToLimit(text: string, limit = MAX_MESSAGE_LENGTH): { text: string; truncated: boolean } {
  return text.length > limit ? { text: prefixOf(text, limit), truncated: true } : { text, truncated: false };
}

export type PasteOutcome =
  | { kind: 'fits'; text: string }
  /** The field was already full: nothing is inserted (toast 'Limit reached (2048)…'). */
  | { kind: 'at-limit'; text: string }
  /** Only part of the pasted text fits (toast 'Pasted text was truncated…'). */
  | { kind: 'truncated'; text: string };

/**
 * The field's text after pasting `pasted` over the selection [selectionStart, selectionEnd) of
 * `current`, kept within the limit.
 */
export function applyPaste(
  current: string,
  pasted: string,
  selectionStart: number,
  selectionEnd: number,
  limit = MAX_MESSAGE_LENGTH,
): PasteOutcome & { caret: number } {
  const before = current.slice(0, selectionStart);
  const after = current.slice(selectionEnd);
  const inserted = prefixOf(pasted, limit - before.length - after.length);
  // Nothing of a non-empty paste fits (no room, or room for only half of a surrogate pair).
  if (inserted.length === 0 && pasted.length > 0) {
    return { kind: 'at-limit', text: current, caret: selectionEnd };
  }
  const text = before + inserted + after;
  const caret = before.length + inserted.length;
  return inserted.length < pasted.length ? { kind: 'truncated', text, caret } : { kind: 'fits', text, caret };
}
