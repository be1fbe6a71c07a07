/**
 * Small guards for the read side: data in the database may have been written by other tools (the
 * business admin, the chat service), so the page reads it liberally — what it can use is kept,
 * what it cannot is dropped with a warning — while writes keep the strict zod schemas. Plain
 * TypeScript, so the browser bundle carries no schema library for reading.
 */

/** What reading a document gives: the value (with what was dropped, if anything), or why not. */
export type ReadResult<T> = { ok: true; value: T; warnings: string[] } | { ok: false; problem: string };

export type Fields = Record<string, unknown>;

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** `text` cut to `max` characters, ending in '…' when cut (never inside a surrogate pair). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Whether this runtime's Intl knows the IANA time zone (e.g. "America/New_York"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The string, or undefined when the value is not one. */
export function optionalString(value: unknown, max: number): string | undefined {
  return typeof value === 'string' ? clip(value, max) : undefined;
}
