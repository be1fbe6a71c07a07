/** The mock server's JSON errors: the shared contract (@chat/server-http). Injected faults: ../faults.ts. */
export { errorHandler, notFoundHandler, parseOrThrow, sendError } from '@chat/server-http';
