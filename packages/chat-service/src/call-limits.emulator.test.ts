/**
 * The fair limits on the emulators (issue 29): one anonymous client cannot use up a business's day,
 * every instance counts on the same Firestore counters, a conversation's resumes count, a signed-in
 * visitor is counted by uid, and App Check in `enforce` refuses a call without a token. Runs in
 * `npm run test:firestore`; skipped without emulators.
 */
import type { Assistant } from '@chat/assistant';
import { contractBusiness } from '@chat/contract';
import { ErrorBodySchema, PHONE_SIGN_IN_TOOL } from '@chat/core';
import type { Business } from '@chat/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppCheckVerifier } from './app-check.js';
import { DEFAULT_CALL_LIMITS } from './call-limit-settings.js';
import { CALL_LIMITS_COLLECTION } from './firestore-call-limits.js';
import { businessUse, createFirestoreModelCallBudget } from './firestore-model-call-budget.js';
import {
  callChat,
  clearFirestore,
  emulatorsRunning,
  seedBusiness,
  seedConversation,
  signedInVisitor,
  startService,
} from './testing/emulator-service.js';
import type { ChatCall, RunningService } from './testing/emulator-service.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Stands in for the language-model assistant: each turn takes one model call from the business's
 * Firestore budget, and says whether the "model" or the rules answered.
 */
function budgetedAssistant(service: () => RunningService): Assistant {
  return {
    async respond(input, writer) {
      const budget = createFirestoreModelCallBudget(service().db, {
        outputTokensPerDay: DEFAULT_CALL_LIMITS.businessOutputTokensPerDay,
        shards: DEFAULT_CALL_LIMITS.budgetShards,
      });
      const byModel = await budget.take(
        input.business.id,
        day(input.nowMs),
        DEFAULT_CALL_LIMITS.businessModelCallsPerDay,
      );
      await writer.append(byModel ? 'answered by the model' : 'answered by the rules');
    },
  };
}

function expectRefused(call: ChatCall, status: number, code: string) {
  expect(call.status).toBe(status);
  expect(ErrorBodySchema.parse(call.body).error.code).toBe(code);
}

describe.skipIf(!emulatorsRunning)('fair limits shared by every instance, on the emulators', () => {
  let business: Business;
  const started: RunningService[] = [];

  async function start(options: Parameters<typeof startService>[1] = {}) {
    const holder: { service?: RunningService } = {};
    const service = await startService(
      budgetedAssistant(() => holder.service!),
      { trustProxyHops: 2, ...options },
    );
    holder.service = service;
    started.push(service);
    return service;
  }

  const body = (conversationId: string) => ({
    message: 'Hi',
    conversationId,
    businessId: business.id,
    profileId: business.id,
    userTimezone: 'UTC',
  });

  /** A call as Firebase Hosting forwards it: X-Forwarded-For `<visitor>, <Hosting's edge>`. */
  const fromVisitor = (service: RunningService, conversationId: string, address: string, idToken?: string) =>
    callChat(service.url, body(conversationId), {
      headers: { 'x-forwarded-for': `${address}, 199.36.158.100` },
      ...(idToken ? { idToken } : {}),
    });

  beforeAll(async () => {
    await clearFirestore();
  }, 60_000);
  beforeEach(async () => {
    business = contractBusiness();
    const [first] = started.length ? started : [await start()];
    await seedBusiness(first!.db, business);
  }, 60_000);
  afterAll(async () => {
    for (const service of started.splice(0)) await service.stop();
  });

  it(
    '200 calls from one anonymous client across new conversations: 429s after its share, the business budget intact for others',
    { timeout: 180_000 },
    async () => {
      const service = started[0]!;
      const conversations = await Promise.all(
        Array.from({ length: 200 }, () => seedConversation(service.db, business.id)),
      );
      const results: ChatCall[] = [];
      // Ten at a time, as an impatient script would; every call in a new conversation.
      for (let batch = 0; batch < 20; batch++) {
        results.push(
          ...(await Promise.all(
            conversations
              .slice(batch * 10, batch * 10 + 10)
              .map((id) => fromVisitor(service, id, '203.0.113.9')),
          )),
        );
      }
      const answered = results.filter((call) => call.status === 200);
      const limited = results.filter((call) => call.status === 429);
      expect(answered).toHaveLength(DEFAULT_CALL_LIMITS.visitorCalls);
      expect(limited).toHaveLength(200 - DEFAULT_CALL_LIMITS.visitorCalls);
      for (const call of limited) {
        expectRefused(call, 429, 'too-many-requests');
        const wait = Number(call.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(DEFAULT_CALL_LIMITS.visitorWindowMs / 1000);
      }

      // Another visitor of the same business is still answered by the model.
      const other = await fromVisitor(
        service,
        await seedConversation(service.db, business.id),
        '198.51.100.20',
      );
      expect(other.status).toBe(200);
      const used = await businessUse(
        service.db,
        business.id,
        day(Date.now()),
        DEFAULT_CALL_LIMITS.budgetShards,
      );
      expect(used.calls).toBe(DEFAULT_CALL_LIMITS.visitorCalls + 1);
      expect(used.calls).toBeLessThan(DEFAULT_CALL_LIMITS.businessModelCallsPerDay / 10);

      // The counter stores no address in clear, and carries its TTL field.
      const counters = await service.db.collection(CALL_LIMITS_COLLECTION).get();
      const visitor = counters.docs.filter((doc) => doc.get('kind') === 'visitor');
      expect(visitor.length).toBeGreaterThan(0);
      for (const doc of counters.docs) {
        expect(JSON.stringify(doc.data()) + doc.id).not.toContain('203.0.113.9');
        expect(doc.get('deleteAt').toMillis()).toBeGreaterThan(doc.get('windowEndsAt').toMillis());
      }
    },
  );

  it('two instances count on one set of counters', async () => {
    const limits = { ...DEFAULT_CALL_LIMITS, visitorCalls: 3 };
    const [a, b] = [await start({ callLimits: limits }), await start({ callLimits: limits })];
    const conversation = async () => seedConversation(a.db, business.id);
    const address = '203.0.113.77';
    expect((await fromVisitor(a, await conversation(), address)).status).toBe(200);
    expect((await fromVisitor(b, await conversation(), address)).status).toBe(200);
    expect((await fromVisitor(a, await conversation(), address)).status).toBe(200);
    expectRefused(await fromVisitor(b, await conversation(), address), 429, 'too-many-requests');
    expectRefused(await fromVisitor(a, await conversation(), address), 429, 'too-many-requests');
  });

  it('a conversation counts every call, resumes included', async () => {
    const service = await start({ callLimits: { ...DEFAULT_CALL_LIMITS, conversationCalls: 2 } });
    const conversationId = await seedConversation(service.db, business.id);
    expect((await fromVisitor(service, conversationId, '203.0.113.40')).status).toBe(200);
    const { message: _message, ...common } = body(conversationId);
    const declined = await callChat(service.url, {
      ...common,
      resume: {
        respond: [
          {
            toolRequest: { name: PHONE_SIGN_IN_TOOL, ref: 'r1' },
            response: { requiresAuth: true, action: 'PHONE_SIGN_IN_DECLINED', message: 'Not now' },
          },
        ],
      },
    });
    // No phone sign-in is pending in this conversation, so the resume is refused (assertResumable),
    // after it was counted: the limits come before the turn.
    expectRefused(declined, 400, 'failed-precondition');
    // From another address too: the conversation's own count is spent.
    const third = await fromVisitor(service, conversationId, '203.0.113.41');
    expectRefused(third, 429, 'too-many-requests');
    expect((third.body as { error: { message: string } }).error.message).toContain('conversation');
  });

  it('a signed-in visitor is counted by uid, not by the address shared with others', async () => {
    const service = await start({ callLimits: { ...DEFAULT_CALL_LIMITS, visitorCalls: 1 } });
    const address = '203.0.113.50';
    const visitor = await signedInVisitor(`limits-${Date.now()}`);
    const own = await seedConversation(service.db, business.id, { userId: visitor.uid });
    expect((await fromVisitor(service, own, address, visitor.idToken)).status).toBe(200);
    // The anonymous visitor behind the same address still has its own count.
    expect(
      (await fromVisitor(service, await seedConversation(service.db, business.id), address)).status,
    ).toBe(200);
    const again = await seedConversation(service.db, business.id, { userId: visitor.uid });
    expectRefused(
      await fromVisitor(service, again, '198.51.100.51', visitor.idToken),
      429,
      'too-many-requests',
    );
  });

  it('with App Check enforced, a call without a token or with a bad one is refused (401), a valid one answered', async () => {
    const verifier: AppCheckVerifier = {
      verifyToken: (token) =>
        token === 'valid-app-check-token'
          ? Promise.resolve({ appId: '1:demo:web:app' })
          : Promise.reject(new Error('invalid')),
    };
    const service = await start({ appCheck: { mode: 'enforce', verifier } });
    const conversationId = await seedConversation(service.db, business.id);
    const missing = await callChat(service.url, body(conversationId));
    expectRefused(missing, 401, 'unauthenticated');
    expect((missing.body as { error: { message: string } }).error.message).toContain('X-Firebase-AppCheck');
    expectRefused(
      await callChat(service.url, body(conversationId), { headers: { 'x-firebase-appcheck': 'forged' } }),
      401,
      'unauthenticated',
    );
    const valid = await callChat(service.url, body(conversationId), {
      headers: { 'x-firebase-appcheck': 'valid-app-check-token' },
    });
    expect(valid.status).toBe(200);
  });
});
