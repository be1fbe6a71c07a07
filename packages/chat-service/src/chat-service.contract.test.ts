/**
 * The ChatService contract suite (packages/contract) against the production chat service on the
 * Firebase emulators: the page's own clients — @chat/chat-client over HTTP, the Firestore DataProvider
 * through firestore.rules and the Firebase AuthProvider on the Auth emulator (@chat/firebase) — talking
 * to a service instance on a free port. The same suite runs against the mock server in
 * packages/contract/src/local.contract.test.ts. Runs in `npm run test:firestore`; skipped without
 * emulators.
 *
 * The two harness capabilities the emulators lack are given through what the service takes anyway:
 * `setClock` moves the clock injected into the service (its "now" for expiry), and `injectFault`
 * makes the assistant fail the next turns with the status asked for, as a failing model would.
 */
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import type { Assistant } from '@chat/assistant';
import { createHttpChatService } from '@chat/chat-client';
import { describeChatServiceContract } from '@chat/contract';
import { errorCodeForStatus, ProviderError } from '@chat/core';
import { emulatorEnvironment, firebaseSubject } from '@chat/firebase/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { emulatorsRunning, startService } from './testing/emulator-service.js';
import type { RunningService } from './testing/emulator-service.js';

describe.skipIf(!emulatorsRunning)('the production chat service', () => {
  let service: RunningService;
  let clockOffsetMs = 0;
  let failures: { status: number; count: number } | null = null;
  const builtIn = turnAssistant(createBuiltInAssistant());
  const assistant: Assistant = {
    respond(input, writer) {
      if (failures && failures.count > 0) {
        failures.count -= 1;
        const { status } = failures;
        throw new ProviderError(errorCodeForStatus(status), `Injected fault on chat: HTTP ${status}`, status);
      }
      return builtIn.respond(input, writer);
    },
  };

  beforeAll(async () => {
    service = await startService(assistant, { clock: { now: () => Date.now() + clockOffsetMs } });
  });
  afterAll(async () => {
    await service?.stop();
  });

  describeChatServiceContract('chat-service (Firestore and Auth emulators)', async () => {
    const { data, auth, harness } = firebaseSubject(emulatorEnvironment());
    return {
      chat: createHttpChatService({ baseUrl: service.url }),
      data: data!,
      auth: auth!,
      harness: {
        ...harness,
        async reset() {
          clockOffsetMs = 0;
          failures = null;
          await harness.reset();
        },
        async setClock(spec) {
          clockOffsetMs = 'offsetMs' in spec ? spec.offsetMs : Date.parse(spec.now) - Date.now();
        },
        async injectFault(spec) {
          if (spec.operation !== 'chat' || typeof spec.error !== 'number')
            throw new Error(
              `the chat service harness injects HTTP statuses on chat only, not ${JSON.stringify(spec)}`,
            );
          failures = { status: spec.error, count: spec.count ?? 1 };
        },
      },
    };
  });
});
