/**
 * The registry of injected faults (POST /control/faults): the next N calls of an operation fail
 * with the given error. Each failing call consumes one; faults for the same operation queue up in
 * the order they were added.
 *
 * Limits: in memory only, never persisted; a restart or POST /control/reset clears them.
 */
import { ERROR_CODES, errorCodeForStatus, isErrorCode, ProviderError } from '@chat/core';
import type { ErrorCode, FaultOperation } from '@chat/core';
import { parseOrThrow } from '@chat/server-http';
import { FaultSpecBody } from './bodies/strict-bodies.js';

/** The error an injected fault produces: an HTTP status or an error code, by operation. */
export type FaultError = { kind: 'status'; status: number } | { kind: 'code'; code: ErrorCode };

export interface ActiveFault {
  operation: FaultOperation;
  error: FaultError;
  remaining: number;
}

/** Operations whose fault is an HTTP status; the others take an error code. */
const STATUS_OPERATIONS: ReadonlySet<FaultOperation> = new Set([
  'chat',
  'data.addMessage',
  'data.createConversation',
  'data.getConversation',
  'data.getBusiness',
]);

export interface Faults {
  /**
   * Validates and registers a fault. Throws ProviderError('invalid-argument') naming the field when
   * the body is not a fault spec or its error does not suit the operation.
   */
  add(body: unknown): ActiveFault;
  /** Consumes one pending failure of `operation`: its error, or null when the call should succeed. */
  take(operation: FaultOperation): FaultError | null;
  /** The faults still pending, oldest first. */
  list(): ActiveFault[];
  /** Removes every pending fault. */
  clear(): void;
}

export function createFaults(): Faults {
  let active: ActiveFault[] = [];
  return {
    add(body) {
      const { operation, error, count } = parseOrThrow(FaultSpecBody, body);
      const fault: ActiveFault = { operation, error: faultErrorFor(operation, error), remaining: count };
      active.push(fault);
      return { ...fault };
    },
    take(operation) {
      const fault = active.find((f) => f.operation === operation);
      if (!fault) return null;
      fault.remaining -= 1;
      if (fault.remaining <= 0) active = active.filter((f) => f !== fault);
      return fault.error;
    },
    list: () => active.map((f) => ({ ...f })),
    clear() {
      active = [];
    },
  };
}

function faultErrorFor(operation: FaultOperation, error: number | string): FaultError {
  if (STATUS_OPERATIONS.has(operation)) {
    const status = typeof error === 'number' ? error : /^\d{3}$/.test(error) ? Number(error) : NaN;
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new ProviderError('invalid-argument', `error: must be an HTTP status 400-599 for '${operation}'`);
    }
    return { kind: 'status', status };
  }
  if (!isErrorCode(error)) {
    throw new ProviderError(
      'invalid-argument',
      `error: must be one of ${ERROR_CODES.join(', ')} for '${operation}'`,
    );
  }
  return { kind: 'code', code: error };
}

/** Throws the error an injected fault stands for: a ProviderError with its code (and HTTP status). */
export function throwFault(fault: FaultError, operation: string): never {
  if (fault.kind === 'code')
    throw new ProviderError(fault.code, `Injected fault on ${operation}: ${fault.code}`);
  const code = errorCodeForStatus(fault.status);
  throw new ProviderError(code, `Injected fault on ${operation}: HTTP ${fault.status}`, fault.status);
}
