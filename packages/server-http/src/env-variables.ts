/**
 * Environment variables both servers read, as pieces of their zod configuration schemas: each issue
 * names the variable.
 */
import path from 'node:path';
import { scenariosFolderProblem } from '@chat/assistant';
import { z } from 'zod';

/** An integer: empty or unset gives `fallback`; anything else must be digits within [min, max]. */
export const envInteger = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be an integer from ${min} to ${max}, got "${value}"`,
        });
        return z.NEVER;
      }
      return n;
    });

/** A scenarios folder (resolved from where the server starts): null when unset; it must exist. */
export const envScenariosDir = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const dir = path.resolve(value.trim());
      const problem = scenariosFolderProblem(dir, name);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return dir;
    });
