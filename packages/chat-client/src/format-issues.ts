import type * as z from 'zod/mini';

/**
 * One line naming every field a schema rejected, e.g. `message: Too small…; userTimezone: Invalid input`.
 * Used in ProviderError messages so a caller sees which field was wrong without a debugger.
 */
export function formatIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
