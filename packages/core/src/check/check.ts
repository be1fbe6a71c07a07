/**
 * Plain-TypeScript shape checks for what the page sends and the answers it reads, so the web page
 * carries no schema library (issue 11's budget). Each check returns the value to keep — defaults
 * filled in, unknown keys dropped unless the object is loose — or records what is wrong, named by
 * its dotted path ("resume.respond.0.response.action: must be one of …"). They mirror core's zod
 * schemas (../schema), which the servers use; schema/plain-checks-agree.test.ts holds every check to
 * accepting exactly what its schema accepts.
 */
import type { ReadResult } from '../read/read-helpers.js';

const INVALID: unique symbol = Symbol('invalid');

/** Checks `value` found at `path`: the value to keep, or INVALID after adding to `problems`. */
export type Check<T> = (value: unknown, path: string, problems: string[]) => T | typeof INVALID;

/** The type a check keeps. */
export type Checked<C> = C extends Check<infer T> ? T : never;

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
  return (value, path, problems) => {
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
  };
}

/** A finite number. */
export const number: Check<number> = (value, path, problems) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(problems, path, 'must be a number');

/** A whole number within JavaScript's safe range (and `min`/`max` when given). */
export function integer(rules: { min?: number; max?: number } = {}): Check<number> {
  return (value, path, problems) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      return fail(problems, path, 'must be a whole number');
    }
    if (rules.min !== undefined && value < rules.min) return fail(problems, path, `must be ≥ ${rules.min}`);
    if (rules.max !== undefined && value > rules.max) return fail(problems, path, `must be ≤ ${rules.max}`);
    return value;
  };
}

export const boolean: Check<boolean> = (value, path, problems) =>
  typeof value === 'boolean' ? value : fail(problems, path, 'must be true or false');

/** Anything, kept as it is. */
export const unknown: Check<unknown> = (value) => value;

/** One of the listed values (compared with ===). */
export function oneOf<const V extends readonly (string | number | boolean)[]>(values: V): Check<V[number]> {
  const listed = values.map((v) => JSON.stringify(v)).join(', ');
  return (value, path, problems) =>
    values.includes(value as V[number])
      ? (value as V[number])
      : fail(problems, path, values.length === 1 ? `must be ${listed}` : `must be one of ${listed}`);
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path, problems) => (value === null ? null : check(value, path, problems));
}

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, path, problems) => (value === undefined ? undefined : check(value, path, problems));
}

/** `fallback` when the value is undefined (not checked, as zod's default), else the value checked. */
export function withDefault<T>(check: Check<T>, fallback: T): Check<T> {
  return (value, path, problems) => (value === undefined ? fallback : check(value, path, problems));
}

export function array<T>(check: Check<T>, rules: { min?: number; max?: number } = {}): Check<T[]> {
  return (value, path, problems) => {
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
  };
}

type Shape = Record<string, Check<unknown>>;
type ShapeOutput<S extends Shape> = { [K in keyof S]: Checked<S[K]> };

function objectCheck<S extends Shape>(shape: S, loose: boolean): Check<ShapeOutput<S>> {
  return (value, path, problems) => {
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
  };
}

/** An object with these fields; other keys are dropped. */
export function object<S extends Shape>(shape: S): Check<ShapeOutput<S>> {
  return objectCheck(shape, false);
}

/** An object with these fields; other keys are kept as they are. */
export function looseObject<S extends Shape>(shape: S): Check<ShapeOutput<S> & Record<string, unknown>> {
  return objectCheck(shape, true) as Check<ShapeOutput<S> & Record<string, unknown>>;
}

/** The first of the checks the value passes; when none, `message`. */
export function union<T>(checks: readonly Check<T>[], message: string): Check<T> {
  return (value, path, problems) => {
    for (const check of checks) {
      const checked = check(value, path, []);
      if (checked !== INVALID) return checked;
    }
    return fail(problems, path, message);
  };
}

/** One of core's liberal readers (../read) as a check: what it cannot read fails with its problem. */
export function fromReader<T>(read: (value: unknown) => ReadResult<T>): Check<T> {
  return (value, path, problems) => {
    const result = read(value);
    return result.ok ? result.value : fail(problems, path, result.problem);
  };
}
