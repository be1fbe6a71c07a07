/**
 * The servers' zod schema for a shape that is written once, as a plain check (../check, decision 0035):
 * built from the check's `spec`, so page and servers hold the same rules without a second spelling.
 * The result is an ordinary zod/mini schema — zod's English messages (./zod.ts), `.shape` for the
 * mock server's strict bodies — exactly what a hand-written schema with the same rules would be.
 */
import type { Check, CheckSpec } from '../check/check.js';
import { z } from './zod.js';

type Sizes = { min?: number; max?: number };

function lengthChecks(rules: Sizes): z.core.$ZodCheck<string | unknown[]>[] {
  const checks: z.core.$ZodCheck<string | unknown[]>[] = [];
  if (rules.min !== undefined) checks.push(z.minLength(rules.min));
  if (rules.max !== undefined) checks.push(z.maxLength(rules.max));
  return checks;
}

function specOf(check: Check<unknown>): CheckSpec {
  if (check.spec === undefined)
    throw new Error('zodOf: a hand-written check has no spec to build a schema from');
  return check.spec;
}

/** The zod schema with the rules of `check`. */
export function zodOf<T>(check: Check<T>): z.ZodMiniType<T> {
  return build(specOf(check as Check<unknown>)) as unknown as z.ZodMiniType<T>;
}

/**
 * The zod object schema with the rules of an object check, typed so that `.shape` (the mock server's
 * strict bodies) and `z.infer` work: each field's schema outputs that field's type.
 */
export function zodObjectOf<T extends object>(
  check: Check<T>,
): z.ZodMiniObject<{ [K in keyof Required<T>]: z.ZodMiniType<T[K]> }> {
  const spec = specOf(check as Check<unknown>);
  // A refined object is still an object: its schema has the shape, and the rule as a refinement.
  const shapeSpec = spec.kind === 'refined' ? specOf(spec.inner) : spec;
  if (shapeSpec.kind !== 'object') throw new Error(`zodObjectOf: a ${shapeSpec.kind} check is not an object`);
  return build(spec) as unknown as z.ZodMiniObject<{ [K in keyof Required<T>]: z.ZodMiniType<T[K]> }>;
}

function build(spec: CheckSpec): z.ZodMiniType {
  switch (spec.kind) {
    case 'string': {
      const { pattern, patternMessage } = spec.rules;
      const checks = lengthChecks(spec.rules) as z.core.$ZodCheck<string>[];
      if (pattern) checks.push(z.regex(pattern, patternMessage));
      return checks.length > 0 ? z.string().check(...checks) : z.string();
    }
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'unknown':
      return z.unknown();
    case 'integer': {
      const checks: z.core.$ZodCheck<number>[] = [];
      if (spec.rules.min !== undefined) checks.push(z.gte(spec.rules.min));
      if (spec.rules.max !== undefined) checks.push(z.lte(spec.rules.max));
      return checks.length > 0 ? z.int().check(...checks) : z.int();
    }
    case 'oneOf': {
      const { values } = spec;
      if (values.length === 1) return z.literal(values[0]!);
      return values.every((v) => typeof v === 'string')
        ? z.enum(values as readonly string[] as [string, ...string[]])
        : z.literal(values as (string | number | boolean)[]);
    }
    case 'nullable':
      return z.nullable(build(specOf(spec.inner)));
    case 'optional':
      return z.optional(build(specOf(spec.inner)));
    case 'default':
      return z._default(build(specOf(spec.inner)), spec.fallback as never);
    case 'array': {
      const checks = lengthChecks(spec.rules) as z.core.$ZodCheck<unknown[]>[];
      const list = z.array(build(specOf(spec.inner)));
      return checks.length > 0 ? list.check(...checks) : list;
    }
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(spec.shape).map(([key, check]) => [key, build(specOf(check))]),
      );
      return spec.loose ? z.looseObject(shape) : z.object(shape);
    }
    case 'union':
      return z.union(spec.options.map((option) => build(specOf(option))));
    case 'refined': {
      const { rule } = spec;
      return build(specOf(spec.inner)).check(
        // `when`: as the plain check, the rule sees only a value its inner check passed (zod would
        // otherwise run it after an empty or over-long string too).
        z.superRefine(
          (value, ctx) => {
            const problem = rule(value);
            if (!problem) return;
            const path = problem.field === undefined ? [] : [problem.field];
            ctx.addIssue({ code: 'custom', message: problem.message, path, input: value });
          },
          { when: (payload) => payload.issues.length === 0 },
        ),
      );
    }
    case 'reader': {
      const { read } = spec;
      return z.pipe(
        z.unknown(),
        z.transform((raw, ctx) => {
          const result = read(raw);
          if (result.ok) return result.value;
          ctx.issues.push({ code: 'custom', message: result.problem, input: raw });
          return z.NEVER;
        }),
      );
    }
  }
}
