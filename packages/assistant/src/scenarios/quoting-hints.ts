/**
 * The YAML quoting traps people who are not developers fall into, found on the line they wrote, with
 * that line rewritten as it should be: a text with ": " or " #", an apostrophe inside single quotes,
 * a double quote inside double quotes, a text starting with a character YAML reserves (`*`, `&`, `!`,
 * `@`, `` ` ``, `%`, `|`, `>`, `[`, `{`, `- `). Some of these are YAML errors; others parse into
 * another text than the one written (" #…" is cut off as a comment, "&word " and "!word " vanish
 * as an anchor or a tag), so the loader also checks the lines of the fields a visitor sees.
 */

export interface QuotingTrap {
  /** What YAML does with the text, in plain words. */
  problem: string;
  /** The line as it should be written (its indentation kept). */
  fixed: string;
  /** The character YAML reserves that the text starts with ('*', '&', …), when that is the trap. */
  reservedStart?: string;
}

/** `  reply: value`, `  - value`, `  - reply: value`: the part before the value, and the value. */
const KEYED = /^(\s*(?:-\s+)?[A-Za-z][A-Za-z0-9]*:\s+)(\S.*?)\s*$/;
const ITEM = /^(\s*-\s+)(\S.*?)\s*$/;

/** The fields whose text a visitor reads or `demo check` types: a comment cannot end their line. */
export const VISIBLE_TEXT_FIELDS = new Set([
  'reply',
  'visitor',
  'interrupt',
  'requireSignIn',
  'fallback',
  'text',
  'contains',
]);

/** The field a `key: value` line sets, or null. */
export function fieldOfLine(line: string): string | null {
  return /^\s*(?:-\s+)?([A-Za-z][A-Za-z0-9]*):\s/.exec(line)?.[1] ?? null;
}

/**
 * The trap in `line`, or null when it has none. `strict` (for lines that parsed, in a visible text
 * field) also flags what parses silently into another text: a trailing " #…", a leading "&" or "!".
 */
export function quotingTrap(
  line: string,
  { strict = false, reused = new Set<string>() }: { strict?: boolean; reused?: ReadonlySet<string> } = {},
): QuotingTrap | null {
  // `- when:` opens a set of fields on the next lines: no text there.
  const match =
    KEYED.exec(line) ?? (/^\s*-\s+[A-Za-z][A-Za-z0-9]*:(\s|$)/.test(line) ? null : ITEM.exec(line));
  if (!match) return null;
  let [, lead, value] = match as unknown as [string, string, string];
  // `&name text` where *name appears elsewhere: a value named for reuse, on purpose; check the text after it.
  const anchor = /^&([^\s,\]}]+)\s+(\S.*)$/.exec(value);
  if (anchor && reused.has(anchor[1]!)) {
    lead += `&${anchor[1]} `;
    value = anchor[2]!;
  }
  const fix = (problem: string, text: string): QuotingTrap => ({ problem, fixed: lead + quoted(text) });

  const quote = value[0];
  if (quote === "'" || quote === '"') {
    const inner = value.endsWith(quote) && value.length > 1 ? value.slice(1, -1) : value.slice(1);
    if (quote === "'" && /(^|[^'])'([^']|$)/.test(inner.replace(/''/g, ''))) {
      return fix('has an apostrophe inside single quotes, which ends the text there', inner);
    }
    if (quote === '"' && /(^|[^\\])"/.test(inner)) {
      return fix('has a double quote inside double quotes, which ends the text there', inner);
    }
    return null;
  }
  if (/^[[{]/.test(value) && !strict && !/[\]}]$/.test(value)) {
    return fix(
      `starts with "${value[0]}", which YAML reads as the start of a list or a set of fields`,
      value,
    );
  }
  if (/^[[{|>]/.test(value)) return null; // a list, a set of fields, or a block of lines: on purpose
  if (/^-(\s|$)/.test(value)) return fix('starts with "- ", which YAML reads as a list item', value);
  const reserved = /^([*&!@`%])/.exec(value)?.[1];
  if (reserved) {
    const meaning: Record<string, string> = {
      '*': 'reuses a value (an alias)',
      '&': 'names a value for reuse (an anchor)',
      '!': 'is a type tag',
    };
    const reads = meaning[reserved] ?? 'is reserved';
    return { ...fix(`starts with "${reserved}", which in YAML ${reads}`, value), reservedStart: reserved };
  }
  if (/: |:$/.test(value)) return fix('contains ": ", which YAML reads as a field', value);
  if (strict && / #/.test(value)) {
    return fix('contains " #", which starts a comment: the rest of the line is left out', value);
  }
  return null;
}

/** The anchor names the text reuses somewhere (`*name`). */
export function reusedAnchors(text: string): Set<string> {
  return new Set([...text.matchAll(/\*([A-Za-z0-9_-]+)/g)].map((match) => match[1]!));
}

/** `text` in the quotes that need no escaping: double quotes, unless it holds one. */
export function quoted(text: string): string {
  if (!text.includes('"')) return `"${text.replace(/\\/g, '\\\\')}"`;
  return `'${text.replace(/'/g, "''")}'`;
}

/** The sentence for a trap on line `line` of `shownAs`. */
export function describeTrap(shownAs: string, line: number, trap: QuotingTrap): string {
  return `${shownAs}, line ${line}: the text ${trap.problem}. Put the whole text in quotes: ${trap.fixed.trim()}`;
}
