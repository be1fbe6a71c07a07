import type { Checked } from '../check/check.js';
import type { ErrorBodyCheck } from '../read/read-answers.js';

/** The JSON body of every non-2xx answer from our servers: a code from the closed set and a human message. */
export type ErrorBody = Checked<typeof ErrorBodyCheck>;
