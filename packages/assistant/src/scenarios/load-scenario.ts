/**
 * Reads one scenario file: its size, its bytes as UTF-8, YAML (with the `yaml` library), then the
 * schema. Never throws: whatever goes wrong comes back as errors that name the file (and the step
 * and field when there is one) in words a person editing the file can act on ("step 3 (ask-hours),
 * when.contains: must be text"), so one bad file can neither stop the server nor a CLI command.
 */
import fs from 'node:fs';
import path from 'node:path';
import type * as Yaml from 'yaml';
import type { YAMLError } from 'yaml';
import { loadOnFirstUse } from './load-on-first-use.js';
import { describeIssues } from './describe-issues.js';
import {
  describeTrap,
  fieldOfLine,
  quotingTrap,
  reusedAnchors,
  VISIBLE_TEXT_FIELDS,
} from './quoting-hints.js';
import { ScenarioFileSchema } from './scenario-schema.js';
import type { ScenarioFile } from './scenario-schema.js';

/** A scenario's id is its file name without `.yaml`: copying a file under a new name makes a new scenario. */
export const SCENARIO_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

const yaml = loadOnFirstUse<typeof Yaml>('yaml');

/**
 * The largest scenario file read. The shipped ones are a few kilobytes and 200 steps of 8,000
 * characters fit; a larger file is a mistake (a log pasted in), refused before it is read at all.
 */
export const MAX_SCENARIO_FILE_BYTES = 1_000_000;

/**
 * How often one anchor's value may be reused through aliases (`&replies` … `*replies`), counting
 * nested reuse as yaml does (an alias inside an anchor reused 10 times counts 10 times). Enough for
 * every step of the largest file to reuse a few values; small enough that a file cannot expand to
 * a billion values in memory (yaml's default, 100, refuses a 150-step file that reuses one list).
 */
export const MAX_ALIAS_COUNT = 2_000;

export type ScenarioLoad =
  | { id: string; file: string; ok: true; scenario: ScenarioFile }
  | { id: string; file: string; ok: false; errors: string[] };

export function scenarioIdOf(file: string): string {
  return path.basename(file).replace(/\.ya?ml$/, '');
}

export function loadScenarioFile(file: string, shownAs: string = file): ScenarioLoad {
  const id = scenarioIdOf(file);
  const fail = (errors: string[]): ScenarioLoad => ({ id, file, ok: false, errors });
  if (!SCENARIO_ID.test(id)) {
    return fail([`${shownAs}: the file name must be lowercase letters, digits and "-" (like my-demo.yaml)`]);
  }
  let bytes: Buffer;
  try {
    const read = readSmallFile(file);
    if (typeof read === 'string') return fail([`${shownAs}: ${read}`]);
    bytes = read;
  } catch (error) {
    return fail([`${shownAs}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  let text: string;
  try {
    // fatal: a file saved as Latin-1 or Windows-1252 is refused instead of showing "caf\uFFFD".
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fail([
      `${shownAs}: is not UTF-8 text; save it as UTF-8 (in most editors: Save As… → Encoding: UTF-8)`,
    ]);
  }
  return parseScenarioText(id, file, text, shownAs);
}

/** The file's bytes, or why it is not read: checked on the open file, before reading anything. */
function readSmallFile(file: string): Buffer | string {
  const fd = fs.openSync(file, 'r');
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return 'is not a file';
    const problem = sizeProblem(stat.size);
    if (problem) return problem;
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function sizeProblem(bytes: number): string | null {
  if (bytes <= MAX_SCENARIO_FILE_BYTES) return null;
  const mb = (n: number) => `${Math.round(n / 100_000) / 10} MB`;
  return `is ${mb(bytes)}; a scenario file may be at most ${mb(MAX_SCENARIO_FILE_BYTES)} (${MAX_SCENARIO_FILE_BYTES.toLocaleString('en')} bytes)`;
}

/** Parses and validates a scenario's text (the file's content). Never throws. */
export function parseScenarioText(
  id: string,
  file: string,
  text: string,
  shownAs: string = file,
): ScenarioLoad {
  const fail = (errors: string[]): ScenarioLoad => ({ id, file, ok: false, errors });
  try {
    const tooBig = sizeProblem(Buffer.byteLength(text));
    if (tooBig) return fail([`${shownAs}: ${tooBig}`]);
    const document = yaml().parseDocument(text, { prettyErrors: true, uniqueKeys: true });
    if (document.errors.length > 0) return fail(yamlErrors(text, document.errors, shownAs));
    if (document.contents === null) {
      return fail([`${shownAs}: the file is empty; start from a copy of a shipped scenario`]);
    }
    let raw: unknown;
    try {
      raw = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      return fail([`${shownAs}: ${aliasProblem(error)}`]);
    }
    // Valid YAML, but maybe not the text that was written (" #…" cut off as a comment, "&word" taken as an anchor).
    const traps = silentTraps(text, shownAs);
    if (traps.length > 0) return fail(traps);
    const parsed = ScenarioFileSchema.safeParse(raw);
    if (!parsed.success) return fail(describeIssues(shownAs, parsed.error.issues, raw));
    return { id, file, ok: true, scenario: parsed.data };
  } catch (error) {
    // Not expected; but a file must never take the server (or a command) down with it.
    return fail([`${shownAs}: cannot be read as a scenario (${(error as Error)?.message ?? String(error)})`]);
  }
}

/**
 * One message per line with a YAML error: the quoting trap on that line with the line rewritten, or
 * yaml's own words (several errors on one line are one mistake, like an apostrophe in single quotes).
 */
function yamlErrors(text: string, errors: readonly YAMLError[], shownAs: string): string[] {
  const lines = text.split(/\r?\n/);
  const reused = reusedAnchors(text);
  const messages: string[] = [];
  const trapped = new Set<number>();
  for (const error of errors) {
    const line = error.linePos?.[0].line;
    const trap = line ? quotingTrap(lines[line - 1] ?? '', { reused }) : null;
    if (line && trap) {
      if (!trapped.has(line)) messages.push(describeTrap(shownAs, line, trap));
      trapped.add(line);
      continue;
    }
    if (line && trapped.has(line)) continue;
    const where = line ? `${shownAs}, line ${line}` : shownAs;
    const problem = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    messages.push(`${where}: not valid YAML (${problem})${yamlHint(problem)}`);
  }
  return [...new Set(messages)];
}

/** What usually causes the YAML errors that no quoting trap on their line explains. */
function yamlHint(problem: string): string {
  if (
    /Nested mappings are not allowed in compact mappings|Implicit map keys need to be followed by map values|Block collections are not allowed within flow collections|Implicit keys need to be on a single line/.test(
      problem,
    )
  ) {
    return `. If a text contains ": " (like "Note: we open at 9"), put the whole text in quotes: reply: "Note: we open at 9"`;
  }
  if (/Map keys must be unique/.test(problem)) return '. Each field may appear once per step';
  return '';
}

/**
 * The lines of a visible text field (or a list item) that YAML read as another text than written:
 * a trailing " #…" (a comment), a leading "!" (a tag) or "&name" never reused (an anchor). Lines
 * inside a block of text (`reply: |`) are text as written and are skipped.
 */
function silentTraps(text: string, shownAs: string): string[] {
  const messages: string[] = [];
  const reused = reusedAnchors(text);
  let blockIndent: number | null = null;
  text.split(/\r?\n/).forEach((line, index) => {
    const indent = line.length - line.trimStart().length;
    if (blockIndent !== null && (line.trim() === '' || indent > blockIndent)) return;
    blockIndent = /:\s*[|>][-+0-9]*\s*(#.*)?$/.test(line) ? indent : null;
    const field = fieldOfLine(line);
    const item = field === null && /^\s*-\s+[^\s{[]/.test(line);
    if (!item && (field === null || !VISIBLE_TEXT_FIELDS.has(field))) return;
    const trap = quotingTrap(line, { strict: true, reused });
    if (!trap) return;
    if (trap.reservedStart === '*') return; // an alias that resolved: a reused value
    messages.push(describeTrap(shownAs, index + 1, trap));
  });
  return messages;
}

/** yaml throws these while resolving aliases (`*name`). */
function aliasProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('Excessive alias count')) {
    return `reuses values through aliases (*name) too often (more than ${MAX_ALIAS_COUNT.toLocaleString('en')} times for one anchor, counting reuse inside reuse); write some of them out`;
  }
  const unresolved = /^Unresolved alias[^:]*: (.+)$/.exec(message);
  if (unresolved) return `the alias *${unresolved[1]} has no anchor &${unresolved[1]} before it`;
  return `cannot be read as a scenario (${message})`;
}
