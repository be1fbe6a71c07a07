/** The local backend (the mock server), when VITE_BACKEND is local: see create-backend.ts. */
import { createLocalBackend } from '@chat/local';
import type { CreateBackend } from './create-backend.js';

export const createBackend: CreateBackend = (env) =>
  createLocalBackend({ serverUrl: env.localServerUrl, storage: window.localStorage });
