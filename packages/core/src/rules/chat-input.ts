import { MAX_MESSAGE_LENGTH } from '../model/message.js';

/** The composer's height cap in pixels; it scrolls beyond (§5, §9). */
export const INPUT_MAX_HEIGHT_PX = 300;

/** The text actually sent: trimmed (§5). */
export function normaliseOutgoing(text: string): string {
  return text.trim();
}

/** Blank or whitespace-only text cannot be sent (§5). */
export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/** Cuts text to the 2048-character limit; `truncated` tells whether anything was cut. */
export function clampToLimit(text: string, limit = MAX_MESSAGE_LENGTH): { text: string; truncated: boolean } {
  return text.length > limit ? { text: text.slice(0, limit), truncated: true } : { text, truncated: false };
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
  const room = limit - before.length - after.length;
  if (room <= 0 && pasted.length > 0) {
    return { kind: 'at-limit', text: current, caret: selectionEnd };
  }
  const inserted = pasted.slice(0, Math.max(0, room));
  const text = before + inserted + after;
  const caret = before.length + inserted.length;
  return inserted.length < pasted.length ? { kind: 'truncated', text, caret } : { kind: 'fits', text, caret };
}
