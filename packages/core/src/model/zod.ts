/**
 * The schema library for everything in core: zod's tree-shakable build (`zod/mini`), because these schemas
 * ship in the web page's bundle (issue 11's budget; zod's full build is ~85 kB minified on its own). The
 * English messages are installed once here, so a bad value reads the same in the page as on the server
 * ("Too small: expected string to have >=1 characters", not "Invalid input"). Servers that need stricter
 * variants build them from these schemas' shapes (mock-server/src/http/strict-bodies.ts).
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());

export { z };
