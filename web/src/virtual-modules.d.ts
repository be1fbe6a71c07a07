// The modules web/build/configured-app-plugin.ts provides: what the page was built for.
// Ambient declarations (this file imports nothing) cannot import relative modules; import() types can.
/* eslint-disable @typescript-eslint/consistent-type-imports */

declare module 'virtual:app-env' {
  /** The configuration, checked by parseEnv when the page was built (or the dev server started). */
  const env: import('./config/env.js').AppEnv;
  export default env;
}

declare module 'virtual:backend' {
  /** The configured backend: src/app/backends/local.ts or firebase.ts, chosen by VITE_BACKEND. */
  export const createBackend: import('./app/backends/create-backend.js').CreateBackend;
}
