/**
 * Plain-TypeScript shape checks for what the page sends and the answers it reads, so the web page
 * carries no schema library (issue 11's budget; decision 0035). Each check returns the value to keep —
 * defaults filled in, unknown keys dropped unless the object is loose — or records what is wrong, named
 * by its dotted path ("resume.respond.0.response.action: must be one of …").
 *
 * Each check also carries its `spec`, the rules it was built from, so a shape is written once as a
 * check and the servers' zod schema for it is built from that (`zodOf` in ../schema/zod-of.ts) instead
 * of being written a second time. The page never reads `spec`; it costs it a few hundred bytes.
 */
import type { ReadResult } from '../read/read-helpers.js';

const INVALID: unique symbol = Symbol('invalid');

/** Checks `value` found at `path`: the value to keep, or INVALID after adding to `problems`. */
export type Check<T> = ((value: unknown, path: string, problems: string[]) => T | typeof INVALID) & {
  /** The rules it was built from; absent on a hand-written check, which has no zod counterpart. */
  readonly spec?: CheckSpec;
};

/** The type a check keeps. */
export type Checked<C> = C extends Check<infer T> ? T : never;

/** What a caller may pass to a check whose fields `K` have a default (`withDefault`): those may be left out. */
export type BeforeDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** What a check was built from: enough for ../schema/zod-of.ts to build the same rules in zod. */
export type CheckSpec =
  | { kind: 'string'; rules: StringRules }
  | { kind: 'number' | 'boolean' | 'unknown' }
  | { kind: 'integer'; rules: { min?: number; max?: number } }
  | { kind: 'oneOf'; values: readonly (string | number | boolean)[] }
  | { kind: 'nullable' | 'optional'; inner: Check<unknown> }
  | { kind: 'default'; inner: Check<unknown>; fallback: unknown }
  | { kind: 'array'; inner: Check<unknown>; rules: { min?: number; max?: number } }
  | { kind: 'object'; shape: Shape; loose: boolean }
  | { kind: 'union'; options: readonly Check<unknown>[]; message: string }
  | { kind: 'refined'; inner: Check<unknown>; rule: (value: unknown) => FieldProblem | null }
  | { kind: 'reader'; read: (value: unknown) => ReadResult<unknown> };

function described<T>(
  check: (value: unknown, path: string, problems: string[]) => T | typeof INVALID,
  spec: CheckSpec,
): Check<T> {
  return Object.assign(check, { spec });
}

function fail(problems: string[], path: string, message: string): typeof INVALID {
  problems.push(path === '' ? message : `${path}: ${message}`);
  return INVALID;
}

function at(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

/** The checked value, or every problem joined into one line ("text: must be a string; role: …"). */
export function runCheck<T>(check: Check<T>, value: unknown): ReadResult<T> {
  const problems: string[] = [];
  const checked = check(value, '', problems);
  return checked === INVALID
    ? { ok: false, problem: problems.join('; ') }
    : { ok: true, value: checked, warnings: [] };
}

export interface StringRules {
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** What the value must be when it does not match `pattern`, e.g. 'must be HH:mm'. */
  patternMessage?: string;
}

export function string(rules: StringRules = {}): Check<string> {
  const { min, max, pattern, patternMessage } = rules;
  return described(
    (value, path, problems) => {
      if (typeof value !== 'string') return fail(problems, path, 'must be a string');
      if (min !== undefined && value.length < min) {
        return fail(problems, path, min === 1 ? 'must not be empty' : `must be at least ${min} characters`);
      }
      if (max !== undefined && value.length > max) {
        return fail(problems, path, `must be at most ${max} characters`);
      }
      if (pattern && !pattern.test(value)) {
        return fail(problems, path, patternMessage ?? `must match ${String(pattern)}`);
      }
      return value;
    },
    { kind: 'string', rules },
  );
}

/** A finite number. */
export const number: Check<number> = described(
  (value, path, problems) =>
    typeof value === 'number' && Number.isFinite(value) ? value : fail(problems, path, 'must be a number'),
  { kind: 'number' },
);

/** A whole number within JavaScript's safe range (and `min`/`max` when given). */
export function integer(rules: { min?: number; max?: number } = {}): Check<number> {
  return described(
    (value, path, problems) => {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        return fail(problems, path, 'must be a whole number');
      }
      if (rules.min !== undefined && value < rules.min) return fail(problems, path, `must be ≥ ${rules.min}`);
      if (rules.max !== undefined && value > rules.max) return fail(problems, path, `must be ≤ ${rules.max}`);
      return value;
    },
    { kind: 'integer', rules },
  );
}

export const boolean: Check<boolean> = described(
  (value, path, problems) =>
    typeof value === 'boolean' ? value : fail(problems, path, 'must be true or false'),
  { kind: 'boolean' },
);

/** Anything, kept as it is. */
export const unknown: Check<unknown> = described((value) => value, { kind: 'unknown' });

/** One of the listed values (compared with ===). */
export function oneOf<const V extends readonly (string | number | boolean)[]>(values: V): Check<V[number]> {
  const listed = values.map((v) => JSON.stringify(v)).join(', ');
  return described(
    (value, path, problems) =>
      values.includes(value as V[number])
        ? (value as V[number])
        : fail(problems, path, values.length === 1 ? `must be ${listed}` : `must be one of ${listed}`),
    { kind: 'oneOf', values },
  );
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return described((value, path, problems) => (value === null ? null : check(value, path, problems)), {
    kind: 'nullable',
    inner: check,
  });
}

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return described(
    (value, path, problems) => (value === undefined ? undefined : check(value, path, problems)),
    { kind: 'optional', inner: check },
  );
}

/** `fallback` when the value is undefined (not checked, as zod's default), else the value checked. */
export function withDefault<T>(check: Check<T>, fallback: T): Check<T> {
  return described(
    (value, path, problems) => (value === undefined ? fallback : check(value, path, problems)),
    {
      kind: 'default',
      inner: check,
      fallback,
    },
  );
}

export function array<T>(check: Check<T>, rules: { min?: number; max?: number } = {}): Check<T[]> {
  return described(
    (value, path, problems) => {
      if (!Array.isArray(value)) return fail(problems, path, 'must be a list');
      const { min, max } = rules;
      if (min !== undefined && value.length < min) {
        return fail(problems, path, min === 1 ? 'must not be empty' : `must have at least ${min} items`);
      }
      if (max !== undefined && value.length > max)
        return fail(problems, path, `must have at most ${max} items`);
      const kept: T[] = [];
      let ok = true;
      value.forEach((item, index) => {
        const checked = check(item, at(path, index), problems);
        if (checked === INVALID) ok = false;
        else kept.push(checked);
      });
      return ok ? kept : INVALID;
    },
    { kind: 'array', inner: check, rules },
  );
}

export type Shape = Record<string, Check<unknown>>;
/** The keys whose check lets the value be absent (optional, unknown): optional in the type too. */
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends Checked<S[K]> ? K : never;
}[keyof S];
type ShapeOutput<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Checked<S[K]>;
} & { [K in OptionalKeys<S>]?: Checked<S[K]> } extends infer O
  ? { [K in keyof O]: O[K] }
  : never;

function objectCheck<S extends Shape>(shape: S, loose: boolean): Check<ShapeOutput<S>> {
  return described(
    (value, path, problems) => {
      // Any non-null object but a list, as zod's object.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return fail(problems, path, 'must be an object');
      }
      const fields = value as Record<string, unknown>;
      const kept: Record<string, unknown> = loose ? { ...fields } : {};
      let ok = true;
      for (const [key, check] of Object.entries(shape)) {
        const checked = check(fields[key], at(path, key), problems);
        if (checked === INVALID) ok = false;
        // An absent optional field stays absent.
        else if (checked !== undefined || key in fields) kept[key] = checked;
      }
      return ok ? (kept as ShapeOutput<S>) : INVALID;
    },
    { kind: 'object', shape, loose },
  );
}

/** An object with these fields; other keys are dropped. */
export function object<S extends Shape>(shape: S): Check<ShapeOutput<S>> {
  return objectCheck(shape, false);
}

/** An object with these fields; other keys are kept as they are. */
export function looseObject<S extends Shape>(shape: S): Check<ShapeOutput<S> & Record<string, unknown>> {
  return objectCheck(shape, true) as Check<ShapeOutput<S> & Record<string, unknown>>;
}

/**
 * The first of the checks the value passes; when none, `message`. With `pick` (a union told apart by a
 * field), only the check it picks is run, so the problems are that one's ("messages.0.seq: …").
 */
export function union<T>(
  checks: readonly Check<T>[],
  message: string,
  pick?: (value: unknown) => Check<T>,
): Check<T> {
  return described(
    (value, path, problems) => {
      if (pick) return pick(value)(value, path, problems);
      for (const check of checks) {
        const checked = check(value, path, []);
        if (checked !== INVALID) return checked;
      }
      return fail(problems, path, message);
    },
    { kind: 'union', options: checks, message },
  );
}

/** One of core's liberal readers (../read) as a check: what it cannot read fails with its problem. */
export function fromReader<T>(read: (value: unknown) => ReadResult<T>): Check<T> {
  return described(
    (value, path, problems) => {
      const result = read(value);
      return result.ok ? result.value : fail(problems, path, result.problem);
    },
    { kind: 'reader', read },
  );
}

/** What a `refined` rule finds wrong: why, and the field it is about when the value is an object. */
export interface FieldProblem {
  field?: string;
  message: string;
}

/**
 * `check`, then `rule` on the value it keeps: for what a shape cannot say — a text that must not be
 * blank, a field whose rule depends on another field's value (a message's type and text on its role).
 * The rule runs only once `check` has passed, as zod's refinements, and its problem is named by the
 * path, and the field it gives ("text: must not be blank").
 */
export function refined<T>(check: Check<T>, rule: (value: T) => FieldProblem | null): Check<T> {
  return described(
    (value, path, problems) => {
      const checked = check(value, path, problems);
      if (checked === INVALID) return INVALID;
      const problem = rule(checked);
      if (!problem) return checked;
      return fail(problems, problem.field === undefined ? path : at(path, problem.field), problem.message);
    },
    {
      kind: 'refined',
      inner: check as Check<unknown>,
      rule: rule as (value: unknown) => FieldProblem | null,
    },
  );
}
