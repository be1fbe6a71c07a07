/**
 * The backend the page is built for. `virtual:backend` (main.tsx) resolves, at build time, to local.ts or
 * firebase.ts beside this file, as VITE_BACKEND says (web/build/configured-app-plugin.ts): the configured
 * one is part of the main chunk and the other is not in the build at all. These two files are the only
 * places in the app that name a backend package.
 */
import type { Backend } from '@chat/core';
import type { AppEnv } from '../../config/env.js';

/** What each backend file exports as `createBackend`. */
export type CreateBackend = (env: AppEnv) => Backend;
