// What the global setup hands to the test files (vitest provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built web app, e.g. http://127.0.0.1:41234. */
    webUrl: string;
    /** Base URL of the shared mock server, e.g. http://127.0.0.1:41235. */
    serverUrl: string;
    /** Where test files connect to the one shared Chromium. */
    browserWsEndpoint: string;
    /** Which backend the journeys run against (support/stack.ts); 'local' when not provided. */
    stack?: 'local' | 'firebase';
  }
}

export {};
