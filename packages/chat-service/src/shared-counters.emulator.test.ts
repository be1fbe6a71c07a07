/**
 * Fair limits held by Firestore, not by a process (issue 29): two chat-service processes — the compiled
 * service, as Cloud Run runs its instances — count one visitor's calls on one set of counters, so a
 * visitor who spreads calls over instances is refused once, wherever the limit is reached.
 * call-limits.emulator.test.ts covers the limits themselves with instances in one process.
 *
 * Runs in `npm run test:firestore`; skipped without emulators.
 */
import { contractBusiness } from '@chat/contract';
import { ErrorBodySchema } from '@chat/core';
import type { Business } from '@chat/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminApp,
  callChat,
  emulatorsRunning,
  seedBusiness,
  seedConversation,
} from './testing/emulator-service.js';
import { startServiceProcess, stopAll, type ServiceProcess } from './testing/service-process.js';

// Two process starts (about 1 s each on a quiet machine, many more on a busy one): generous limits.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

describe.skipIf(!emulatorsRunning)('two chat-service processes, one set of counters', () => {
  const { app, db } = emulatorsRunning ? adminApp() : ({} as ReturnType<typeof adminApp>);
  let business: Business;
  let first: ServiceProcess;
  let second: ServiceProcess;

  beforeAll(async () => {
    business = { ...contractBusiness(), id: `shared-counters-${process.pid}` };
    await seedBusiness(db, business);
    const limits = { LIMIT_VISITOR_CALLS: '3' };
    [first, second] = await Promise.all([startServiceProcess(limits), startServiceProcess(limits)]);
  });
  afterAll(async () => {
    stopAll();
    const { deleteApp } = await import('firebase-admin/app');
    await deleteApp(app);
  });

  /** A call in a new conversation, as Firebase Hosting forwards it from one visitor's address. */
  async function call(service: ServiceProcess) {
    const conversationId = await seedConversation(db, business.id);
    return callChat(
      service.url,
      { message: 'Hi', conversationId, businessId: business.id, profileId: business.id, userTimezone: 'UTC' },
      { headers: { 'x-forwarded-for': '203.0.113.91, 199.36.158.100' } },
    );
  }

  it('answers the visitor three times across both, then each process refuses the fourth and fifth (429)', async () => {
    expect((await call(first)).status).toBe(200);
    expect((await call(second)).status).toBe(200);
    expect((await call(first)).status).toBe(200);
    for (const service of [second, first]) {
      const refused = await call(service);
      expect(refused.status).toBe(429);
      expect(ErrorBodySchema.parse(refused.body).error.code).toBe('too-many-requests');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
