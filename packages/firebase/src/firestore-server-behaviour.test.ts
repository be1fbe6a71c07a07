/**
 * What the Firestore server itself decides, beyond the DataProvider contract (firestore.contract.test.ts,
 * where an old conversation and a listener the rules end are reached through the harness):
 *   - a conversation the owner wrote 25 h ago is read as expired, and the rules refuse writes to it;
 *   - a listener refused by the rules from its start (someone else's conversation) is reported through
 *     observer.error with no list before it.
 * And one thing only a Firestore SDK does: it lists a write of its own at once, before the server has it;
 * the provider's live stream leaves such a message out until the server has it (as every backend lists
 * only what is stored), so a save that times out is not shown as sent.
 * On the Firestore emulator (`npm run test:firestore`); skipped elsewhere.
 */
import { contractBusiness } from '@chat/contract';
import { CONVERSATION_LIFETIME_MS, ProviderError, newMessageId, validateConversation } from '@chat/core';
import { disableNetwork, enableNetwork } from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirestoreDataProvider } from './firestore-data-provider.js';
import { emulatorEnvironment, firebaseSubject, type FirebaseSubject } from './testing/emulator-harness.js';

const env = { ...emulatorEnvironment(), projectId: 'demo-firestore-server', authHost: undefined };
const HOUR_MS = 60 * 60 * 1000;

/** A conversation written as the owner, over the emulator's REST API (bypassing the rules). */
async function seedConversation(id: string, businessId: string, createdAtMs: number, userId: string | null) {
  const time = (ms: number) => ({ timestampValue: new Date(ms).toISOString() });
  const url = `http://${env.firestoreHost}/v1/projects/${env.projectId}/databases/(default)/documents/conversations/${id}`;
  const response = await fetch(url, {
    method: 'PATCH',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({
      fields: {
        businessId: { stringValue: businessId },
        userId: userId === null ? { nullValue: null } : { stringValue: userId },
        userType: { stringValue: userId === null ? 'anonymous' : 'enduser' },
        contextType: { stringValue: 'enduser' },
        isOutsideBusinessHours: { booleanValue: false },
        summaryFeedPosted: { booleanValue: false },
        signupFeedPosted: { booleanValue: false },
        lastMessage: { nullValue: null },
        createdAt: time(createdAtMs),
        updatedAt: time(createdAtMs),
        expiredAt: time(createdAtMs + CONVERSATION_LIFETIME_MS),
      },
    }),
  });
  expect(response.ok).toBe(true);
}

describe.skipIf(!env.firestoreHost)('the Firestore provider against the server’s own clock and rules', () => {
  let subject: FirebaseSubject;
  const business = contractBusiness();

  beforeEach(async () => {
    subject = firebaseSubject(env);
    await subject.harness.reset();
    await subject.harness.seedBusiness(business);
  });

  afterEach(async () => {
    await subject.harness.close();
  });

  it('reads a conversation created more than 24 hours ago as expired, and refuses writes to it', async () => {
    const createdAt = Date.now() - 25 * HOUR_MS;
    await seedConversation('old-conv', business.id, createdAt, null);

    const read = await subject.data!.getConversation('old-conv');
    expect(read?.expiredAt).toBe(createdAt + CONVERSATION_LIFETIME_MS);
    expect(validateConversation(read, business.id, Date.now())).toEqual({ valid: false, reason: 'expired' });
    const refused = await subject
      .data!.addMessage('old-conv', { id: newMessageId(), role: 'user', text: 'Still there?' })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).code).toBe('permission-denied');
  });

  it('regression: lists a message only once the server has it, not while its write is on its way', async () => {
    // Before: the SDK's local copy of a message still being written was listed as stored, so on the
    // page a save that timed out looked sent, and no Retry was offered. The SDK's writes are the page's
    // fallback when the REST API cannot be reached (a REST commit has no local copy), so the provider
    // here has no REST target: every write is the SDK's.
    const data = createFirestoreDataProvider(subject.db!);
    await seedConversation('fresh', business.id, Date.now(), null);
    const lists: string[][] = [];
    const states: string[] = [];
    const stop = data.subscribeToMessages('fresh', {
      next: (messages) => lists.push(messages.map((m) => m.text)),
      error: (e) => {
        throw e;
      },
      state: (state) => states.push(state),
    });
    try {
      await vi.waitFor(() => expect(lists.length).toBeGreaterThan(0), { timeout: 8_000 });
      await disableNetwork(subject.db!);
      // Offline is a list of its own (served from the cache): the write's list is the one after it.
      await vi.waitFor(() => expect(states.at(-1)).toBe('reconnecting'));
      const before = lists.length;
      const saving = data.addMessage('fresh', {
        id: newMessageId(),
        role: 'user',
        text: 'Still there?',
      });
      // The SDK raises a list for its local copy at once: without the message.
      await vi.waitFor(() => expect(lists.length).toBeGreaterThan(before));
      expect(lists.at(-1)).toEqual([]);
      await enableNetwork(subject.db!);
      await saving;
      await vi.waitFor(() => expect(lists.at(-1)).toEqual(['Still there?']), { timeout: 8_000 });
    } finally {
      stop();
    }
  });

  it('reports a live subscription the rules end through observer.error', async () => {
    await seedConversation('someone-elses', business.id, Date.now(), 'someone-else');
    const next = vi.fn();
    const error = vi.fn();
    const stop = subject.data!.subscribeToMessages('someone-elses', { next, error });
    try {
      await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1), { timeout: 8_000 });
      const reported = error.mock.calls[0]![0] as ProviderError;
      expect(reported).toBeInstanceOf(ProviderError);
      expect(reported.code).toBe('permission-denied');
      expect(next).not.toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});
