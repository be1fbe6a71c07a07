import { ErrorBodyCheck } from '../read/read-answers.js';
import { zodObjectOf } from './zod-of.js';

/** The JSON body of every non-2xx answer from our servers (its one spelling: ../read/read-answers.ts). */
export const ErrorBodySchema = zodObjectOf(ErrorBodyCheck);
