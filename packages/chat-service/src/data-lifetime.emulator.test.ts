/**
 * Issue 29, data lifetime, on the Firestore and Auth emulators (`npm run test:firestore`; skipped
 * elsewhere): a conversation and its message created by the page's own provider through firestore.rules,
 * a turn of the chat service (its reply, the phone sign-in message, the assistant's memory) and the
 * daily model-call budget — every document any of them stores carries the TTL field `deleteAt`, at the
 * time README "Data lifetime" states, and every collection holding such documents has its TTL policy in
 * firestore.indexes.json.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import {
  BusinessSchema,
  CONVERSATION_LIFETIME_MS,
  DEFAULT_RETENTION_AFTER_EXPIRY_MS,
  TTL_FIELD,
} from '@chat/core';
import { createFirestoreDataProvider } from '@chat/firebase';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreModelCallBudget } from './firestore-model-call-budget.js';
import { assistantWithScenarios } from './scenario-bindings.js';
import {
  callChat,
  clearFirestore,
  emulatorsRunning,
  env,
  seedBusiness,
  startService,
} from './testing/emulator-service.js';
import type { RunningService } from './testing/emulator-service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SCENARIOS_DIR = fileURLToPath(new URL('../../../mock-server/scenarios', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../mock-server/fixtures/businesses.json', import.meta.url));
const INDEXES = fileURLToPath(new URL('../../../firestore.indexes.json', import.meta.url));

/** Every stored document, at any depth: its path, collection and data. */
async function everyDocument(db: Firestore) {
  const found: Array<{ path: string; collection: string; data: Record<string, unknown> }> = [];
  async function walk(refs: DocumentReference[]): Promise<void> {
    for (const ref of refs) {
      const snapshot = await ref.get();
      if (snapshot.exists) found.push({ path: ref.path, collection: ref.parent.id, data: snapshot.data()! });
      for (const collection of await ref.listCollections()) await walk(await collection.listDocuments());
    }
  }
  for (const collection of await db.listCollections()) await walk(await collection.listDocuments());
  return found;
}

describe.skipIf(!emulatorsRunning)('data lifetime: the TTL field on everything stored', () => {
  // The service keeps what it writes 10 days after the conversation expires (DATA_RETENTION_DAYS=10).
  const retentionMs = 10 * DAY_MS;
  let service: RunningService;
  const page = initializeApp({ projectId: env.projectId, apiKey: 'demo-key' }, 'data-lifetime-page');
  const pageDb = getFirestore(page);
  const [host, port] = (env.firestoreHost ?? '127.0.0.1:1').split(':');
  connectFirestoreEmulator(pageDb, host!, Number(port));

  beforeAll(async () => {
    service = await startService(
      assistantWithScenarios({
        dir: SCENARIOS_DIR,
        scenarioIds: ['phone-verification-booking'],
        fallback: turnAssistant(createBuiltInAssistant()),
        logger: pino({ level: 'silent' }),
      }),
      { retentionMs },
    );
    await clearFirestore();
    const bella = (JSON.parse(readFileSync(FIXTURES, 'utf8')) as unknown[])
      .map((raw) => BusinessSchema.parse(raw))
      .find((business) => business.id === 'bella-vista-salon')!;
    await seedBusiness(service.db, bella);
    // The first Admin SDK connection can take tens of seconds on a loaded machine.
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await deleteApp(page);
  });

  it('is set on every conversation, message, memory and counter, and each has its TTL policy', async () => {
    const provider = createFirestoreDataProvider(pageDb);
    const before = Date.now();
    const conversation = await provider.createConversation({
      businessId: 'bella-vista-salon',
      userId: null,
      userType: 'anonymous',
      isOutsideBusinessHours: false,
    });
    const text = 'Please change my booking';
    const message = await provider.addMessage(conversation.id, { id: 'visitor-1', role: 'user', text });
    const answered = await callChat(service.url, {
      message: text,
      messageId: message.id,
      conversationId: conversation.id,
      businessId: 'bella-vista-salon',
      profileId: 'bella-vista-salon',
      userTimezone: 'America/New_York',
    });
    expect(answered.status).toBe(200);
    expect(
      await createFirestoreModelCallBudget(service.db, { outputTokensPerDay: 1000, shards: 1 }).take(
        'bella-vista-salon',
        '2026-11-27',
        5,
      ),
    ).toBe(true);
    const after = Date.now();

    const stored = (await everyDocument(service.db)).filter(
      ({ collection }) => !['businesses', 'handles'].includes(collection),
    );
    const ttlOf = (path: string) => {
      const value = stored.find((doc) => doc.path === path)?.data[TTL_FIELD];
      expect(value, `${path} has ${TTL_FIELD}`).toBeInstanceOf(Timestamp);
      return (value as Timestamp).toMillis();
    };
    // What the page creates: its clock + 24 h + the default retention (30 days).
    const pageEarliest = before + CONVERSATION_LIFETIME_MS + DEFAULT_RETENTION_AFTER_EXPIRY_MS;
    const pageLatest = after + CONVERSATION_LIFETIME_MS + DEFAULT_RETENTION_AFTER_EXPIRY_MS;
    for (const path of [
      `conversations/${conversation.id}`,
      `conversations/${conversation.id}/messages/visitor-1`,
    ]) {
      expect(ttlOf(path)).toBeGreaterThanOrEqual(pageEarliest);
      expect(ttlOf(path)).toBeLessThanOrEqual(pageLatest);
    }
    // What the service writes: the conversation's expiry + its retention, the same for all of them.
    const serviceWritten = stored.filter(
      ({ path, collection }) =>
        collection === 'assistantMemory' ||
        (path.startsWith(`conversations/${conversation.id}/messages/`) && !path.endsWith('/visitor-1')),
    );
    expect(serviceWritten.map(({ collection }) => collection).sort()).toEqual([
      'assistantMemory',
      'messages',
    ]);
    expect(serviceWritten.find(({ collection }) => collection === 'messages')?.data).toMatchObject({
      type: 'auth',
    });
    for (const { path } of serviceWritten) expect(ttlOf(path)).toBe(conversation.expiredAt! + retentionMs);
    // The day's counter (one shard here): two days after its day ended.
    expect(ttlOf('assistantModelCalls/bella-vista-salon_2026-11-27_0')).toBe(
      Date.parse('2026-11-30T00:00:00Z'),
    );

    // Nothing stored without it, and a TTL policy for every collection that holds it.
    expect(
      stored.filter(({ data }) => !(data[TTL_FIELD] instanceof Timestamp)).map(({ path }) => path),
    ).toEqual([]);
    const policies = (
      JSON.parse(readFileSync(INDEXES, 'utf8')) as {
        fieldOverrides: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean }>;
      }
    ).fieldOverrides
      .filter((override) => override.ttl === true && override.fieldPath === TTL_FIELD)
      .map((override) => override.collectionGroup);
    expect([...new Set(stored.map(({ collection }) => collection))]).toEqual(
      expect.arrayContaining(['conversations', 'messages', 'assistantMemory', 'assistantModelCalls']),
    );
    for (const collection of new Set(stored.map((doc) => doc.collection)))
      expect(policies).toContain(collection);
  });
});
