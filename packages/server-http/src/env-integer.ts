/**
 * An integer environment variable for both servers' configuration schemas: empty or unset gives
 * `fallback`; anything else must be digits within [min, max], or the issue names the variable.
 */
import { z } from 'zod';

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
