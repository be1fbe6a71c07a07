/**
 * What the firestore.rules test files share: an @firebase/rules-unit-testing environment on the Firestore
 * emulator (FIRESTORE_EMULATOR_HOST, set by `npm run test:firestore`; without it the files skip), the
 * callers a hostile visitor can be, and the writes the page makes (firestore-data-provider.ts), so each
 * test states only what it changes. Written against the compat Firestore the testing library hands out.
 */
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { deleteAtFor } from '@chat/core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { parseEmulatorHost } from '../emulator-host.js';

export type Db = firebase.firestore.Firestore;
export const { Timestamp } = firebase.firestore;
export const serverTime = () => firebase.firestore.FieldValue.serverTimestamp();
export const DAY_MS = 24 * 60 * 60 * 1000;

export const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST;
export const RULES_PATH = new URL('../../../../firestore.rules', import.meta.url);

export interface Visitor {
  uid: string;
  phone: string;
}
export const ALICE: Visitor = { uid: 'alice', phone: '+15555550100' };
export const BOB: Visitor = { uid: 'bob', phone: '+15555550101' };

/** A business of each verification status, with its handle index entry, before every test. */
export const BUSINESSES = [
  ['open-biz', 'approved'],
  ['pending-biz', 'pending'],
  ['denied-biz', 'denied'],
] as const;

export interface RulesTest {
  asAdmin(work: (db: Db) => Promise<void>): Promise<void>;
  anonymous(): Db;
  /** Signed in with a phone number, optionally with a display name in the token. */
  visitor(user: Visitor, name?: string): Db;
  /** Signed in without a phone number (Firebase anonymous sign-in). */
  anonymousSignIn(uid: string): Db;
  /** A live conversation (expiredAt = createdAt + 24 h), written as the owner. */
  seedConversation(id: string, fields?: Record<string, unknown>): Promise<void>;
  /** A stored document's field, read as the owner. */
  readField(path: string, field: string): Promise<unknown>;
}

/**
 * Sets up the environment for one test file, in its own emulator project (`project`), so files that
 * run in parallel never clear each other's documents.
 */
export function useRulesTest(project: string): RulesTest {
  let testEnv: RulesTestEnvironment;

  beforeAll(async () => {
    const { host, port } = parseEmulatorHost(FIRESTORE_HOST!, 'FIRESTORE_EMULATOR_HOST');
    testEnv = await initializeTestEnvironment({
      projectId: `demo-rules-${project}`,
      firestore: { host, port, rules: readFileSync(RULES_PATH, 'utf8') },
    });
  });

  afterAll(async () => {
    await testEnv?.cleanup();
  });

  const asAdmin = (work: (db: Db) => Promise<void>) =>
    testEnv.withSecurityRulesDisabled((context) => work(context.firestore() as unknown as Db));

  beforeEach(async () => {
    await testEnv.clearFirestore();
    await asAdmin(async (db) => {
      for (const [id, status] of BUSINESSES) {
        await db.doc(`businesses/${id}`).set({ businessName: id, handle: id, verification: { status } });
        await db.doc(`handles/${id}`).set({ businessId: id });
      }
    });
  });

  return {
    asAdmin,
    anonymous: () => testEnv.unauthenticatedContext().firestore() as unknown as Db,
    visitor: (user, name) =>
      testEnv
        .authenticatedContext(user.uid, {
          phone_number: user.phone,
          firebase: { sign_in_provider: 'phone' },
          ...(name === undefined ? {} : { name }),
        })
        .firestore() as unknown as Db,
    anonymousSignIn: (uid) =>
      testEnv
        .authenticatedContext(uid, { firebase: { sign_in_provider: 'anonymous' } })
        .firestore() as unknown as Db,
    async seedConversation(id, fields = {}) {
      const now = Timestamp.now();
      await asAdmin((db) =>
        db.doc(`conversations/${id}`).set({
          ...newConversation(),
          createdAt: now,
          updatedAt: now,
          expiredAt: Timestamp.fromMillis(now.toMillis() + DAY_MS),
          ...fields,
        }),
      );
    },
    async readField(path, field) {
      let value: unknown;
      await asAdmin(async (db) => {
        value = (await db.doc(path).get()).get(field);
      });
      return value;
    },
  };
}

/** What the page writes to create a conversation. */
export function newConversation(fields: Record<string, unknown> = {}) {
  return {
    businessId: 'open-biz',
    userId: null,
    userType: 'anonymous',
    contextType: 'enduser',
    isOutsideBusinessHours: false,
    summaryFeedPosted: false,
    signupFeedPosted: false,
    lastMessage: null,
    createdAt: serverTime(),
    updatedAt: serverTime(),
    expiredAt: serverTime(),
    deleteAt: Timestamp.fromMillis(deleteAtFor(Date.now())),
    ...fields,
  };
}

/** What the page writes for a visitor's message. */
export function visitorMessage(fields: Record<string, unknown> = {}) {
  return {
    role: 'user',
    text: 'Hi there',
    createdAt: serverTime(),
    deleteAt: Timestamp.fromMillis(deleteAtFor(Date.now())),
    ...fields,
  };
}

/**
 * The page's "visitor message, then lastMessage" (firestore-data-provider.ts's addMessage): the message
 * is added, read back, and repeated as the conversation's lastMessage with its server time to the
 * millisecond.
 */
export async function sendAsPage(db: Db, conversationId: string, text = 'Hi there') {
  const ref = await db.collection(`conversations/${conversationId}/messages`).add(visitorMessage({ text }));
  const createdAt = (await ref.get()).get('createdAt') as firebase.firestore.Timestamp;
  const lastMessage = {
    text,
    sender: 'user',
    sentAt: Timestamp.fromMillis(Math.floor(createdAt.toMillis())),
    messageId: ref.id,
  };
  return { ref, lastMessage };
}

/** The lastMessage merge the page writes. */
export function setLastMessage(db: Db, conversationId: string, lastMessage: Record<string, unknown>) {
  return db
    .doc(`conversations/${conversationId}`)
    .set({ lastMessage, updatedAt: serverTime() }, { merge: true });
}

/** The page's signup batch (firestore-data-provider.ts addFeedItem), with what a test changes. */
export function postSignup(
  db: Db,
  user: Visitor,
  item: Record<string, unknown> = {},
  options: {
    conversationId?: string;
    itemId?: string;
    flag?: boolean;
    /** Fields over the signups marker's, or null to leave the marker out. */
    marker?: Record<string, unknown> | null;
    markerId?: string;
  } = {},
) {
  const conversationId = options.conversationId ?? 'conv';
  const batch = db.batch();
  batch.set(db.doc(`businesses/open-biz/feed/${options.itemId ?? conversationId}`), {
    type: 'NEW_SIGNUP',
    conversationId,
    customerName: null,
    customerPhone: user.phone,
    message: `${user.phone} signed up.`,
    createdAt: serverTime(),
    ...item,
  });
  if (options.flag ?? true)
    batch.update(db.doc(`conversations/${conversationId}`), { signupFeedPosted: true });
  if (options.marker !== null) {
    batch.set(db.doc(`signups/${options.markerId ?? user.phone}`), {
      businessId: 'open-biz',
      conversationId,
      createdAt: serverTime(),
      ...options.marker,
    });
  }
  return batch.commit();
}
