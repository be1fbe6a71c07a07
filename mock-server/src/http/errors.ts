/**
 * The mock server's JSON errors: the shared contract (@chat/server-http) and injected faults.
 */
import { errorCodeForStatus, ProviderError } from '@chat/core';
import type { FaultError } from '../faults.js';

export { errorHandler, notFoundHandler, parseOrThrow, sendError } from '@chat/server-http';

/** Throws the error an injected fault stands for (see faults.ts). */
export function throwFault(fault: FaultError, operation: string): never {
  if (fault.kind === 'code')
    throw new ProviderError(fault.code, `Injected fault on ${operation}: ${fault.code}`);
  const code = errorCodeForStatus(fault.status);
  throw new ProviderError(code, `Injected fault on ${operation}: HTTP ${fault.status}`, fault.status);
}
