/** The local backend (the mock server), when VITE_BACKEND is local: see create-backend.ts. */
import { storageOrMemory } from '@chat/core';
import { createLocalBackend } from '@chat/local';
import { fetchWithFirstRead } from '../first-read/first-read.js';
import type { CreateBackend } from './create-backend.js';

// The page subscribes to live messages as soon as its conversation is known: connecting at once takes
// the socket's handshake off that path (it overlaps loading the business and the conversation).
// The business itself may already be on its way: index.html's first-read script started reading it
// before this code loaded, and the first GET of it takes that answer (decision 0021).
// The session is kept in localStorage where the browser allows it, else in memory (the page in a cross-site
// frame: see storageOrMemory).
export const createBackend: CreateBackend = (env) =>
  createLocalBackend({
    serverUrl: env.localServerUrl,
    storage: storageOrMemory(() => window.localStorage),
    connectAtStart: true,
    fetch: fetchWithFirstRead((input, init) => fetch(input, init)),
  });
