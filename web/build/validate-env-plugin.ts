/**
 * Fails `vite build` when the app's configuration is invalid, naming each bad or missing variable —
 * the same check (src/config/env.ts) the page runs at start, moved to where an operator sees it: a
 * Firebase build without VITE_DEFAULT_BUSINESS_ID must not reach hosting and fail in visitors' browsers.
 */
import { loadEnv, type Plugin } from 'vite';
import { parseEnv, type AppEnv } from '../src/config/env.js';

/** The parsed configuration of a build; loadEnv already gives VITE_* from the process priority. */
export function readBuildEnv(mode: string, envDir: string): AppEnv {
  return parseEnv(loadEnv(mode, envDir, 'VITE_'));
}

export function validateEnvPlugin(): Plugin {
  return {
    name: 'business-chat:validate-env',
    apply: 'build',
    configResolved(config) {
      // Throws EnvError; Vite prints its message ("- VITE_DEFAULT_BUSINESS_ID: is required …") and exits 1.
      readBuildEnv(config.mode, config.envDir || config.root);
    },
  };
}
