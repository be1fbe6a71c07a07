import { ERROR_CODES } from '../errors.js';
import { z } from './zod.js';

/** The JSON body of every non-2xx answer from our servers: a code from the closed set and a human message. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
  }),
});
