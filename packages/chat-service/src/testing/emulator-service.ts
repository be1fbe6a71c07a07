/**
 * Test support: chat service instances on the Firebase emulators, each with its own Admin SDK app
 * (as two Cloud Run instances would have), and what a test needs around them — seeding a business and
 * a conversation, saving the visitor's message as the page does, signing a visitor in on the Auth
 * emulator, and watching the Firestore writes of a conversation's messages.
 *
 * The emulators come from `npm run test:firestore` (FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST);
 * without them the tests that use this skip.
 */
import type { Assistant } from '@chat/assistant';
import { CONVERSATION_LIFETIME_MS, deleteAtFor, TTL_FIELD } from '@chat/core';
import type { Business, ChatResponse } from '@chat/core';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Firestore } from 'firebase-admin/firestore';
import type { Server } from 'node:http';
import { createChatServiceApp } from '../app.js';
import type { ChatServiceOptions } from '../app.js';

export const env = {
  projectId: process.env.GCLOUD_PROJECT || 'demo-business-chat',
  firestoreHost: process.env.FIRESTORE_EMULATOR_HOST,
  authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST,
};
export const emulatorsRunning = Boolean(env.firestoreHost && env.authHost);

let appCount = 0;

/** A fresh Admin SDK app on the emulators (what one service instance holds). */
export function adminApp(): { app: App; db: Firestore } {
  appCount += 1;
  const app = initializeApp({ projectId: env.projectId }, `chat-service-test-${process.pid}-${appCount}`);
  return { app, db: getFirestore(app) };
}

export interface RunningService {
  url: string;
  db: Firestore;
  stop(): Promise<void>;
}

/** A chat service instance listening on a free port of 127.0.0.1. */
export async function startService(
  assistant: Assistant,
  options: Partial<ChatServiceOptions> = {},
): Promise<RunningService> {
  const { app, db } = adminApp();
  const service = createChatServiceApp({ firestore: db, auth: getAuth(app), assistant, ...options });
  const { url, server } = await service.listen(0, '127.0.0.1');
  return {
    url,
    db,
    async stop() {
      await close(server);
      await deleteApp(app);
    },
  };
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Empties the Firestore emulator's database. */
export async function clearFirestore(): Promise<void> {
  const url = `http://${env.firestoreHost}/emulator/v1/projects/${env.projectId}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing Firestore answered ${response.status}`);
}

export async function seedBusiness(db: Firestore, business: Business): Promise<void> {
  const { id, ...fields } = business;
  await db.collection('businesses').doc(id).set(fields);
}

/** A conversation as the page creates it (§7 "Add a conversation"); `expiresInMs` from now. */
export async function seedConversation(
  db: Firestore,
  businessId: string,
  {
    userId = null,
    expiresInMs = CONVERSATION_LIFETIME_MS,
  }: { userId?: string | null; expiresInMs?: number } = {},
): Promise<string> {
  const ref = await db.collection('conversations').add({
    businessId,
    userId,
    userType: userId ? 'enduser' : 'anonymous',
    isOutsideBusinessHours: false,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
    expiredAt: Timestamp.fromMillis(Date.now() + expiresInMs),
    lastMessage: null,
    summaryFeedPosted: false,
    signupFeedPosted: false,
    [TTL_FIELD]: Timestamp.fromMillis(deleteAtFor(Date.now())),
  });
  return ref.id;
}

/** Saves the visitor's message, as the page does before calling the chat service. */
/** Saves a message as the page does (the visitor's, or a notice); resolves its id. */
export async function saveVisitorMessage(
  db: Firestore,
  conversationId: string,
  text: string,
  role: 'user' | 'system' = 'user',
): Promise<string> {
  const saved = await db
    .collection('conversations')
    .doc(conversationId)
    .collection('messages')
    .add({
      role,
      text,
      ...(role === 'system' ? { type: 'system' } : {}),
      createdAt: FieldValue.serverTimestamp(),
      [TTL_FIELD]: Timestamp.fromMillis(deleteAtFor(Date.now())),
    });
  return saved.id;
}

const identityToolkit = (method: string) =>
  `http://${env.authHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

let phoneCount = 0;

/**
 * A visitor who verified their phone on the Auth emulator, as the page does (send the code, read it
 * from the emulator, sign in with it): the ID token Firebase gives says `sign_in_provider: 'phone'`
 * and carries the number. `name` only tells the test's visitors apart; the uid is the emulator's.
 */
export async function signedInVisitor(
  name: string,
  profile: { displayName?: string } = {},
): Promise<{ uid: string; idToken: string; phoneNumber: string }> {
  phoneCount += 1;
  // A number of its own per visitor (the emulator keeps one account per number).
  const digits = String((process.pid * 1000 + phoneCount) % 10_000_000).padStart(7, '0');
  const phoneNumber = `+1650${digits}`;
  const { sessionInfo } = await postJson<{ sessionInfo: string }>(identityToolkit('sendVerificationCode'), {
    phoneNumber,
    recaptchaToken: 'emulator',
  });
  const codes = await fetch(
    `http://${env.authHost}/emulator/v1/projects/${env.projectId}/verificationCodes`,
  ).then((r) => r.json() as Promise<{ verificationCodes: Array<{ sessionInfo: string; code: string }> }>);
  const code = codes.verificationCodes.find((entry) => entry.sessionInfo === sessionInfo)?.code;
  if (!code) throw new Error(`no verification code for ${name} (${phoneNumber})`);
  const { idToken, localId, refreshToken } = await postJson<{
    idToken: string;
    localId: string;
    refreshToken: string;
  }>(identityToolkit('signInWithPhoneNumber'), { sessionInfo, code });
  if (profile.displayName === undefined) return { uid: localId, idToken, phoneNumber };
  // A display name, as the page sets after sign-in: the refreshed token carries it, still a phone sign-in.
  const { app } = adminApp();
  try {
    await getAuth(app).updateUser(localId, { displayName: profile.displayName });
  } finally {
    await deleteApp(app);
  }
  const refreshed = await postJson<{ id_token: string }>(
    `http://${env.authHost}/securetoken.googleapis.com/v1/token?key=demo-api-key`,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
  );
  return { uid: localId, idToken: refreshed.id_token, phoneNumber };
}

/**
 * A token Firebase signed in with another provider than the phone (a custom token, as an admin tool or
 * another sign-in method would make): valid, but not a phone-verified visitor.
 */
export async function customTokenVisitor(uid: string): Promise<{ uid: string; idToken: string }> {
  const { app } = adminApp();
  try {
    const customToken = await getAuth(app).createCustomToken(uid, {});
    const { idToken } = await postJson<{ idToken: string }>(identityToolkit('signInWithCustomToken'), {
      token: customToken,
      returnSecureToken: true,
    });
    return { uid, idToken };
  } finally {
    await deleteApp(app);
  }
}

export interface ChatCall {
  status: number;
  headers: Headers;
  body: ChatResponse & { error?: { code: string; message: string } };
}

/** POST /api/chat with a JSON body (or raw text) and an optional ID token. */
export async function callChat(
  url: string,
  body: unknown,
  { idToken, headers = {} }: { idToken?: string; headers?: Record<string, string> } = {},
): Promise<ChatCall> {
  const response = await fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as ChatCall['body'],
  };
}

export interface MessageVersion {
  id: string;
  role: string;
  type?: string;
  text: string;
  streaming?: boolean;
  smartReplies?: unknown;
  toolRequest?: unknown;
}

/**
 * Every version of every message of a conversation as Firestore's listener delivers it, in order:
 * one entry per stored write (what the page's listener sees). `stop` ends the listener.
 */
export function watchWrites(db: Firestore, conversationId: string) {
  const versions: MessageVersion[] = [];
  const stop = db
    .collection('conversations')
    .doc(conversationId)
    .collection('messages')
    .onSnapshot((snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type === 'removed') continue;
        versions.push({ id: change.doc.id, ...(change.doc.data() as Omit<MessageVersion, 'id'>) });
      }
    });
  /** The latest version of each message, in first-seen order. */
  const latest = () => {
    const byId = new Map<string, MessageVersion>();
    for (const version of versions) byId.set(version.id, version);
    return [...byId.values()];
  };
  return { versions, latest, stop };
}
