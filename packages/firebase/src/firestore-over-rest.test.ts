/**
 * The page's first-screen calls over Firestore's REST API (firestore-rest-api.ts; decision 0021), on the
 * Firestore emulator through firestore.rules: creates, sends and a returning visitor's conversation and
 * messages need none of the SDK's connection (a provider whose SDK cannot reach any server still does
 * them), the SDK creates a conversation when the REST API cannot be reached (a save says it got no answer), and a conversation created
 * here is known to be empty before the listener has connected.
 * The DataProvider contract suite runs on the REST path too (the harness builds the provider as the page
 * does). Runs in `npm run test:firestore`; skipped without the emulator.
 */
import { contractBusiness } from '@chat/contract';
import { CONVERSATION_LIFETIME_MS, newMessageId, ProviderError, type DataProvider } from '@chat/core';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { firestoreRestOrigin, parseEmulatorHost } from './emulator-host.js';
import { createFirestoreDataProvider } from './firestore-data-provider.js';
import { emulatorEnvironment, firebaseSubject } from './testing/emulator-harness.js';

const env = { ...emulatorEnvironment(), projectId: 'demo-firestore-rest', authHost: undefined };
/** Nothing listens there: a request to it fails at once, as offline. */
const NOWHERE = '127.0.0.1:1';

const apps: FirebaseApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
});

/** A provider whose SDK talks to `sdkHost` and whose REST writes go to `restHost`. */
function provider(sdkHost: string, restHost: string): DataProvider {
  const app = initializeApp(
    { apiKey: 'k', projectId: env.projectId, appId: 'demo-app' },
    `rest-${crypto.randomUUID()}`,
  );
  apps.push(app);
  const db = getFirestore(app);
  const { host, port } = parseEmulatorHost(sdkHost, 'sdkHost');
  connectFirestoreEmulator(db, host, port);
  return createFirestoreDataProvider(db, {
    origin: firestoreRestOrigin(restHost),
    idToken: async () => null,
  });
}

describe.skipIf(!env.firestoreHost)('the first screen over REST', () => {
  const business = contractBusiness();
  const firestoreHost = env.firestoreHost!;

  beforeAll(async () => {
    const { harness } = firebaseSubject(env);
    await harness.reset();
    await harness.seedBusiness(business);
    await harness.close();
  });

  const newConversation = {
    businessId: business.id,
    userId: null,
    userType: 'anonymous' as const,
    isOutsideBusinessHours: false,
  };

  it("creates a conversation and saves a message with none of the SDK's connection", async () => {
    // The SDK points nowhere: only the REST commits can reach the emulator.
    const data = provider(NOWHERE, firestoreHost);
    const conversation = await data.createConversation(newConversation);
    expect(conversation.expiredAt).toBe(conversation.createdAt + CONVERSATION_LIFETIME_MS);
    const message = await data.addMessage(conversation.id, { id: newMessageId(), role: 'user', text: 'Hi' });
    expect(message).toMatchObject({ role: 'user', text: 'Hi' });
    expect(message.createdAt).toBeGreaterThanOrEqual(conversation.createdAt);

    // What a reader sees through the rules is what the writes answered with.
    const reader = provider(firestoreHost, firestoreHost);
    expect(await reader.getConversation(conversation.id)).toEqual({
      ...conversation,
      updatedAt: message.createdAt,
      lastMessage: { text: 'Hi', sender: 'user', sentAt: message.createdAt, messageId: message.id },
    });
  });

  it('creates with the SDK when the REST API cannot be reached, and says a save got no answer', async () => {
    const data = provider(firestoreHost, NOWHERE);
    const conversation = await data.createConversation(newConversation);
    expect(conversation.expiredAt).toBe(conversation.createdAt + CONVERSATION_LIFETIME_MS);
    // The session learns the connection is gone from this and saves again when it is back (issue 28).
    const id = newMessageId();
    const refused = await data
      .addMessage(conversation.id, { id, role: 'user', text: 'Hello' })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ code: 'unavailable', unreachable: true });
    const again = await provider(firestoreHost, firestoreHost).addMessage(conversation.id, {
      id,
      role: 'user',
      text: 'Hello',
    });
    expect(again).toMatchObject({ id, role: 'user', text: 'Hello' });
  });

  it('answers a second save of the same id with the stored copy, not a second message', async () => {
    const data = provider(firestoreHost, firestoreHost);
    const conversation = await data.createConversation(newConversation);
    const id = newMessageId();
    const first = await data.addMessage(conversation.id, { id, role: 'user', text: 'Once' });
    expect(await data.addMessage(conversation.id, { id, role: 'user', text: 'Once' })).toEqual(first);
  });

  it("says a conversation it has just created is empty before the SDK's listener has connected", async () => {
    const data = provider(NOWHERE, firestoreHost);
    const conversation = await data.createConversation(newConversation);
    const next = vi.fn();
    const stop = data.subscribeToMessages(conversation.id, { next, error: vi.fn() });
    try {
      // At once (the SDK, which can reach no server, could at best say "offline" many ticks later).
      await Promise.resolve();
      expect(next.mock.calls).toEqual([[[]]]);
      // Only its first subscription: a second one waits for the listener like any other.
      const again = vi.fn();
      const stopAgain = data.subscribeToMessages(conversation.id, { next: again, error: vi.fn() });
      await Promise.resolve();
      await Promise.resolve();
      expect(again).not.toHaveBeenCalled();
      stopAgain();
    } finally {
      stop();
    }
  });

  it('does not say so once a message has been written to it', async () => {
    const data = provider(NOWHERE, firestoreHost);
    const conversation = await data.createConversation(newConversation);
    await data.addMessage(conversation.id, { id: newMessageId(), role: 'user', text: 'Hi' });
    const next = vi.fn();
    const stop = data.subscribeToMessages(conversation.id, { next, error: vi.fn() });
    await Promise.resolve();
    await Promise.resolve();
    expect(next).not.toHaveBeenCalled();
    stop();
  });

  it("reads a returning visitor's conversation and its messages with none of the SDK's connection", async () => {
    const writer = provider(NOWHERE, firestoreHost);
    const conversation = await writer.createConversation(newConversation);
    const first = await writer.addMessage(conversation.id, { id: newMessageId(), role: 'user', text: 'One' });
    const second = await writer.addMessage(conversation.id, {
      id: newMessageId(),
      role: 'user',
      text: 'Two',
    });

    // A reload: another provider, its SDK unable to reach any server.
    const data = provider(NOWHERE, firestoreHost);
    const read = await data.getConversation(conversation.id);
    expect(read).toMatchObject({ id: conversation.id, lastMessage: { messageId: second.id } });
    expect(await data.getConversation('no-such-conversation')).toBeNull();
    const next = vi.fn();
    const stop = data.subscribeToMessages(conversation.id, { next, error: vi.fn() });
    try {
      await vi.waitFor(() => expect(next).toHaveBeenCalledWith([first, second]));
    } finally {
      stop();
    }
  });
});
