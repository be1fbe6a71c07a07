/**
 * A CommonJS package loaded at its first use rather than at start. The production chat service plays
 * no scenario unless CHAT_SCENARIOS names one, so the scenario tools (yaml: about 70 files; scslre and
 * refa: about 100 ms of CPU) would only lengthen its cold start (issue 29: /healthz under 1 s).
 */
import { createRequire } from 'node:module';

export function loadOnFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= createRequire(import.meta.url)(specifier) as T);
}
