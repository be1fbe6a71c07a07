import {
  CHAT_TIMEOUT_MS,
  READ_RETRY_DELAYS_MS,
  WRITE_TIMEOUT_MS,
  storageOrMemory,
  type Backend,
} from '@chat/core';
import type { AppEnv } from '../config/env.js';
import { windowBrowserActions, type AppServices } from '../lib/services/services-context.js';

/** The app's services from a loaded backend and the configuration. */
export function createServices(backend: Backend, env: AppEnv): AppServices {
  return {
    data: backend.data,
    auth: backend.auth,
    chat: backend.chat,
    config: {
      assistantName: env.assistantName,
      supportFormUrl: env.supportFormUrl,
      defaultBusinessId: env.defaultBusinessId,
      readRetryDelaysMs: READ_RETRY_DELAYS_MS,
      writeTimeoutMs: WRITE_TIMEOUT_MS,
      chatTimeoutMs: CHAT_TIMEOUT_MS,
    },
    browser: windowBrowserActions,
    // In memory where the browser refuses storage (the page in a cross-site frame: see storageOrMemory).
    storage: storageOrMemory(() => window.sessionStorage),
  };
}
