import { AuthUserCheck } from '../read/read-answers.js';
import { zodObjectOf } from './zod-of.js';

/** The signed-in visitor as the identity provider reports it (its one spelling: ../read/read-answers.ts). */
export const AuthUserSchema = zodObjectOf(AuthUserCheck);
