/** The local backend (the mock server), when VITE_BACKEND is local: see create-backend.ts. */
import { createLocalBackend } from '@chat/local';
import type { CreateBackend } from './create-backend.js';

// The page subscribes to live messages as soon as its conversation is known: connecting at once takes
// the socket's handshake off that path (it overlaps loading the business and the conversation).
export const createBackend: CreateBackend = (env) =>
  createLocalBackend({ serverUrl: env.localServerUrl, storage: window.localStorage, connectAtStart: true });
