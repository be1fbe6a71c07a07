import type * as z from 'zod/mini';
import type { ErrorBodySchema } from '../schema/error-body.js';

/** The JSON body of every non-2xx answer from our servers: a code from the closed set and a human message. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
