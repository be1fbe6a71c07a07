/**
 * The schema library for core's schemas: zod's tree-shakable build (`zod/mini`). The schemas serve the
 * servers (mock-server), scripts and tests; the web page carries none of them (issue 11's budget): it
 * reads and writes through the plain checks in ../check, ../read and ../write, which a core test holds
 * to accepting what these schemas accept (schema/plain-checks-agree.test.ts). Every schema module
 * imports `z` from here, so wherever a schema is used the English messages below are installed ("Too
 * small: expected string to have >=1 characters", not "Invalid input"). Servers that need stricter
 * variants build them from these schemas' shapes (mock-server/src/bodies/strict-bodies.ts).
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());

export { z };
