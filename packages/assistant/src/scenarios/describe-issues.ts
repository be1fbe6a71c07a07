/**
 * Turns the schema's complaints about a scenario file into sentences for the person who wrote it
 * (not a developer): "file, step 3 (ask-hours), when.contains: must be text", "file, field business:
 * required, but missing". zod's own words ("Invalid input: expected string, received number") are
 * replaced by what to write instead, and a complaint that only repeats another is dropped.
 */
import type { z } from 'zod';
import { formatPath } from '@chat/core';
import { LOCALIZED_UNION_MESSAGE } from './localized-texts.js';
import { lineForMissingField } from './missing-field-lines.js';
import { STEP_DOES_NOTHING } from './scenario-schema.js';

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

/** One message per problem, each naming `shownAs` and where in the file the problem is. */
export function describeIssues(shownAs: string, issues: readonly Issue[], raw: unknown): string[] {
  const flat = issues.flatMap((issue) => unfoldUnion(issue, raw));
  const byPath = new Map<string, Issue[]>();
  for (const issue of flat) {
    const key = JSON.stringify(issue.path);
    byPath.set(key, [...(byPath.get(key) ?? []), issue]);
  }
  const kept = flat.filter((issue) => {
    const same = byPath.get(JSON.stringify(issue.path))!;
    // A value of the wrong kind also fails the checks of the right kind ("at most 4" on a text):
    // the first message says it all.
    if (issue.code !== 'invalid_type' && same.some((other) => other.code === 'invalid_type')) return false;
    // A step with a misspelt field "does nothing": the misspelling is the news.
    if (isDoesNothing(issue) && same.some((other) => other.code === 'unrecognized_keys')) return false;
    return true;
  });
  const messages = kept.map((issue) => `${where(shownAs, issue.path, raw)}: ${problem(issue, raw)}`);
  return [...new Set(messages)];
}

/**
 * A union (business: an id or an inline business; fallback: a text or { reply, … }) reports "none
 * fits". When the value is of one choice's kind, that choice's own complaints are the useful ones.
 */
function unfoldUnion(issue: Issue, raw: unknown): Issue[] {
  if (issue.code !== 'invalid_union' || valueAt(raw, issue.path) === undefined) return [issue];
  // A text or list where a text (list) per language could also go: the plain form's complaint.
  const value = valueAt(raw, issue.path);
  if (issue.message === LOCALIZED_UNION_MESSAGE && (typeof value !== 'object' || Array.isArray(value))) {
    return issue.errors[0]!.flatMap((inner) =>
      unfoldUnion({ ...inner, path: [...issue.path, ...inner.path] } as Issue, raw),
    );
  }
  // A choice refuses a value of another kind at its root (a text where an object goes, 5 where
  // only `true` goes).
  const ofRightKind = issue.errors.filter(
    (branch) =>
      !branch.some(
        (inner) =>
          (inner.code === 'invalid_type' || inner.code === 'invalid_value') && inner.path.length === 0,
      ),
  );
  // Two choices of the value's kind (two kinds of inline business): the one that knows every field given.
  const knowsFields = ofRightKind.filter(
    (branch) => !branch.some((inner) => inner.code === 'unrecognized_keys' && inner.path.length === 0),
  );
  const chosen = ofRightKind.length === 1 ? ofRightKind : knowsFields;
  if (chosen.length !== 1) return [issue];
  return chosen[0]!.flatMap((inner) =>
    unfoldUnion({ ...inner, path: [...issue.path, ...inner.path] } as Issue, raw),
  );
}

function isDoesNothing(issue: Issue): boolean {
  return issue.code === 'custom' && issue.params?.problem === STEP_DOES_NOTHING;
}

function problem(issue: Issue, raw: unknown): string {
  const value = valueAt(raw, issue.path);
  if (issue.code !== 'custom' && issue.path.length > 0 && value === undefined) {
    const line = lineForMissingField(issue.path);
    return line ? `required, but missing: write the line ${line}` : 'required, but missing';
  }
  if (issue.code === 'invalid_type') return kindMessage(issue.expected, value, issue.path);
  // zod's own words for a limit ("Too big: expected string to have <=120 characters"); the
  // schema's own messages ("at most 4 smart replies") are kept.
  if ((issue.code === 'too_big' || issue.code === 'too_small') && /^Too (big|small)/.test(issue.message)) {
    return limitMessage(issue);
  }
  if (issue.code === 'unrecognized_keys' && issue.message.startsWith('Unrecognized key')) {
    return issue.keys.map((key) => `unknown field "${key}"`).join('; ');
  }
  return issue.message;
}

function limitMessage(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  const most = issue.code === 'too_big' ? 'at most' : 'at least';
  const unit = (one: string) => `${bound.toLocaleString('en')} ${one}${bound === 1 ? '' : 's'}`;
  switch (issue.origin) {
    case 'string':
      return `${issue.code === 'too_big' ? 'is too long' : 'is too short'}: ${most} ${unit('character')}`;
    case 'array':
    case 'set':
      return `${issue.code === 'too_big' ? 'has too many' : 'has too few'}: ${most} ${unit('item')}`;
    default:
      return `must be ${most} ${bound.toLocaleString('en')}`;
  }
}

/** "must be text" and the like, with the fix for the usual cause. */
function kindMessage(expected: string, value: unknown, path: readonly Key[]): string {
  const field = String(path[path.length - 1] ?? '');
  switch (expected) {
    case 'string':
      if (value === null)
        return `is empty (YAML reads a bare null or ~ as nothing): put the text in quotes, like ${field ? `${field}: ` : ''}"~"`;
      return typeof value === 'number' || typeof value === 'boolean'
        ? `must be text: put it in quotes, like ${field ? `${field}: ` : ''}'${String(value)}'`
        : 'must be text';
    case 'array':
      return `must be a list, like [First, Second] or one "- item" per line${typeof value === 'string' ? ' (even for one item: [' + value + '])' : ''}`;
    case 'object':
      return path.length === 0
        ? 'must be a set of fields (name:, description:, business:, fallback:, steps:); start from a copy of a shipped scenario'
        : 'must be a set of fields (name: value), like { contains: hours }';
    case 'number':
    case 'int':
      return 'must be a whole number, like 800';
    case 'boolean':
      return typeof value === 'string' && /^(yes|no|on|off|y|n)$/i.test(value)
        ? `must be true or false: write ${/^(yes|on|y)$/i.test(value) ? 'true' : 'false'}, not ${value}`
        : 'must be true or false';
    default:
      return `must be ${expected}`;
  }
}

/** "file", "file, field business.handle" or "file, step 3 (ask-hours), when.contains". */
function where(shownAs: string, path: readonly Key[], raw: unknown): string {
  const [first, second, ...rest] = path;
  if (first === 'steps' && typeof second === 'number') {
    const stepId = (valueAt(raw, ['steps', second]) as { id?: unknown } | undefined)?.id;
    const label = `step ${second + 1}${typeof stepId === 'string' ? ` (${stepId})` : ''}`;
    return `${shownAs}, ${label}${rest.length > 0 ? `, ${formatPath(rest)}` : ''}`;
  }
  return path.length === 0 ? shownAs : `${shownAs}, field ${formatPath(path)}`;
}

function valueAt(raw: unknown, path: readonly Key[]): unknown {
  let value = raw;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<Key, unknown>)[key];
  }
  return value;
}
