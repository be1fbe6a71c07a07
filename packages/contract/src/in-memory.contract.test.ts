/**
 * The DataProvider and AuthProvider contracts against the in-memory backend the page's component tests
 * and the ChatSession's tests run on, so no test of the page rests on an unchecked fake. Faults are the
 * backend's own (`failNext`, `breakSubscriptions`: what the mock server's fault injection does, in
 * memory) and the clock is the one the backend is given. Its auth keeps no time, so the code-expiry
 * test is skipped and says why. Its chat service is scripted by each test (scripted-chat.ts): there is
 * no assistant whose answers a contract could check, only the bodies it refuses, as the real endpoint.
 */
import { isErrorCode, ProviderError, type ClockSpec, type ErrorCode, type FaultSpec } from '@chat/core';
import { describeAuthProviderContract } from './auth-provider-contract.js';
import { describeDataProviderContract } from './data-provider-contract.js';
import { createInMemoryAuth } from './in-memory/in-memory-auth.js';
import { createInMemoryBackend } from './in-memory/in-memory-backend.js';
import type { DataOperation } from './in-memory/in-memory-data.js';

/** A fault's error as the in-memory providers raise it: an error code (a status is not one). */
function faultCode({ operation, error }: FaultSpec): ErrorCode {
  if (typeof error !== 'string' || !isErrorCode(error))
    throw new Error(`the in-memory backend fails ${operation} with an error code, not ${String(error)}`);
  return error;
}

describeDataProviderContract('in-memory (web and session tests)', async () => {
  let offsetMs = 0;
  const backend = createInMemoryBackend({ businesses: [], now: () => Date.now() + offsetMs });
  return {
    data: backend.data,
    auth: backend.auth,
    harness: {
      reset: async () => {
        offsetMs = 0;
      },
      seedBusiness: async (business) => backend.data.putBusiness(business),
      otpFor: async (phoneNumber) => sentCode(backend.auth, phoneNumber),
      readFeed: async (businessId) => backend.data.feed(businessId),
      setClock: async (spec: ClockSpec) => {
        offsetMs = 'offsetMs' in spec ? spec.offsetMs : Date.parse(spec.now) - Date.now();
      },
      conversationCreatedAgo: async (agoMs, create) => {
        offsetMs -= agoMs;
        try {
          return await create();
        } finally {
          offsetMs += agoMs;
        }
      },
      breakLiveSubscription: async (conversationId) => {
        backend.data.breakSubscriptions(
          conversationId,
          new ProviderError('unavailable', 'Injected fault on listen'),
        );
        return 'unavailable';
      },
      injectFault: async (spec) => {
        const error = new ProviderError(faultCode(spec), `Injected fault on ${spec.operation}`);
        if (spec.operation === 'listen') {
          for (const { id } of backend.data.conversations()) backend.data.breakSubscriptions(id, error);
        } else if (spec.operation.startsWith('data.')) {
          backend.data.failNext(spec.operation.slice('data.'.length) as DataOperation, error, spec.count);
        } else {
          throw new Error(`the in-memory data cannot fail ${spec.operation}`);
        }
      },
      close: async () => undefined,
    },
  };
});

/** The step of a phone sign-in an identity fault fails. */
const AUTH_STEPS = { botcheck: 'send', 'otp.send': 'send', 'otp.verify': 'confirm' } as const;

describeAuthProviderContract('in-memory (web and session tests)', async () => {
  const auth = createInMemoryAuth();
  return {
    auth,
    harness: {
      reset: async () => undefined,
      seedBusiness: async () => undefined,
      otpFor: async (phoneNumber) => sentCode(auth, phoneNumber),
      injectFault: async (spec) => {
        const step = AUTH_STEPS[spec.operation as keyof typeof AUTH_STEPS];
        if (!step) throw new Error(`the in-memory auth cannot fail ${spec.operation}`);
        auth.failNext(step, faultCode(spec));
      },
      close: async () => undefined,
      lacks: { setClock: 'the in-memory auth keeps no time: its codes never expire' },
    },
  };
});

function sentCode(auth: { codeFor(phoneNumber: string): string | undefined }, phoneNumber: string): string {
  const code = auth.codeFor(phoneNumber);
  if (code === undefined) throw new Error(`no code was sent to ${phoneNumber}`);
  return code;
}
