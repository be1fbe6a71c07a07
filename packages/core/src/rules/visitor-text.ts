/**
 * The one definition of trimming, and of the display name that may appear in a business's feed, shared by
 * the page, firestore.rules (a checked copy: packages/firebase/src/rules/rules-constants.test.ts) and the
 * chat service.
 *
 * Trimming removes exactly what JavaScript's String.prototype.trim removes (ECMAScript WhiteSpace and
 * LineTerminator: ASCII spaces and controls \t \n \v \f \r, the no-break spaces U+00A0 / U+202F / U+FEFF,
 * every Unicode space separator such as U+3000, and U+2028 / U+2029). Control characters other than
 * those are not trimmed: a name that starts with one is simply not a name. The rules' own trim() uses
 * another set (every character up to U+0020, no Unicode spaces), so they trim with TRIMMED_RANGES.
 */

/** Inclusive code point ranges that trimming removes from both ends. */
export const TRIMMED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** Text without the TRIMMED_RANGES characters at either end (what String.prototype.trim does; tested). */
export function trimText(text: string): string {
  return text.trim();
}

/** Whether nothing is left once trimmed. */
export function isBlankText(text: string): boolean {
  return trimText(text).length === 0;
}

/**
 * A display name fit for a business's feed, after trimming: 1 to 64 characters (code points) of letters,
 * combining marks, spaces, apostrophes, periods and hyphens — no digits, colons, slashes, '@', controls or
 * emoji, so a name cannot carry a link, an instruction or a fake notice into the feed. The same
 * regular expression source runs in JavaScript (with the u flag) and in the rules (RE2).
 */
export const DISPLAY_NAME_MAX_LENGTH = 64;
export const DISPLAY_NAME_PATTERN = `^[\\p{L}\\p{M}\\p{Zs}'’.-]{1,${DISPLAY_NAME_MAX_LENGTH}}$`;
const DISPLAY_NAME = new RegExp(DISPLAY_NAME_PATTERN, 'u');

/** The trimmed display name when it is fit for the feed, else null (the feed then shows the phone number). */
export function feedDisplayName(displayName: string | null | undefined): string | null {
  if (typeof displayName !== 'string') return null;
  const name = trimText(displayName);
  return DISPLAY_NAME.test(name) ? name : null;
}
