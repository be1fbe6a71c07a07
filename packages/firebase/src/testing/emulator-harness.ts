/**
 * The ContractHarness for the Firebase backend on the Firebase emulators, and the subject factory the
 * contract test file uses. Test support only: not exported from the package.
 *
 * - Firestore: seeded, cleared and read over the emulator's REST API as the "owner" (bypassing the rules,
 *   as the business's admin tooling would: a business with its handle index entry); the provider under
 *   test goes through firestore.rules.
 * - Auth: Node has no DOM and the SDK's Node build refuses signInWithPhoneNumber, so the one step a browser
 *   does — the invisible reCAPTCHA and sending the code — is done here over the Auth emulator's REST API
 *   (which ignores the reCAPTCHA token) and handed to the real createFirebaseAuthProvider through its
 *   injectable SDK calls. Confirming the code, the user state, tokens and sign-out are the SDK's own.
 * - No fault injection and no clock: no Firebase backend can offer them (FIREBASE_LACKS says why), and the
 *   auth suite reports the tests that need them as skipped with that reason. What the data suite needs
 *   instead the owner does for real: it rewrites an old conversation's timestamps
 *   (conversationCreatedAgo), and takes a conversation away from its visitor so the rules end the
 *   visitor's listener (breakLiveSubscription).
 */
import {
  TEST_PHONE_DISPLAY_NAME,
  TEST_PHONE_NUMBER,
  uniqueSuffix,
  type ContractHarness,
} from '@chat/contract';
import {
  BusinessFeedItemSchema,
  newMessageId,
  type AuthProvider,
  type Business,
  type DataProvider,
  type BusinessFeedItem,
} from '@chat/core';
import { deleteApp, FirebaseError, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  PhoneAuthCredential,
  signInWithCredential,
  type ConfirmationResult,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, Timestamp, type Firestore } from 'firebase/firestore';
import { firestoreRestOrigin, parseEmulatorHost } from '../emulator-host.js';
import {
  createFirebaseAuthProvider,
  FIREBASE_AUTH_CALLS,
  type FirebaseAuthCalls,
} from '../firebase-auth-provider.js';
import { createFirestoreDataProvider } from '../firestore-data-provider.js';
import { handleDocumentId, HANDLES_COLLECTION, type HandleDocument } from '../handle-index.js';
import { restTimestamp, timestampFromRest } from '../firestore-rest-api.js';
import { firestoreRestDocuments } from './firestore-rest-documents.js';
import { fromRestFields, toRestFields, type RestValue } from './firestore-rest-values.js';

export interface EmulatorEnvironment {
  projectId: string;
  /** FIRESTORE_EMULATOR_HOST, e.g. "127.0.0.1:8080" (set by `firebase emulators:exec`). */
  firestoreHost?: string;
  /** FIREBASE_AUTH_EMULATOR_HOST, e.g. "127.0.0.1:9099". */
  authHost?: string;
}

/** Read from the environment `firebase emulators:exec` sets up. No Node types needed in this package. */
export function emulatorEnvironment(): EmulatorEnvironment {
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  return {
    projectId: env.GCLOUD_PROJECT || 'demo-chat',
    firestoreHost: env.FIRESTORE_EMULATOR_HOST || undefined,
    authHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
  };
}

const API_KEY = 'demo-api-key';

/** Why the Firebase emulators cannot offer these harness capabilities: the skipped tests' reason. */
export const FIREBASE_LACKS = {
  setClock:
    "the Auth emulator's clock is its own and cannot be moved: a code it sent cannot be made to expire",
  injectFault:
    'the Auth emulator fails nothing on request: it never throttles, fails a captcha or expires a code ' +
    '(auth-error-code.test.ts maps those errors)',
} as const;

/** Who the owner gives a conversation to when it takes it away from its visitor (breakLiveSubscription). */
const SOMEONE_ELSE = 'someone-else';
const CREATION_TIMES = ['createdAt', 'updatedAt', 'expiredAt'] as const;

/** A REST timestamp `byMs` whole milliseconds earlier, to the nanosecond: the rules compared them exactly. */
function timestampEarlier(text: string, byMs: number): string {
  if (!Number.isInteger(byMs)) throw new Error(`cannot move ${text} back by ${byMs} ms`);
  const time = timestampFromRest(text);
  let seconds = time.seconds - Math.trunc(byMs / 1000);
  let nanoseconds = time.nanoseconds - (byMs % 1000) * 1_000_000;
  if (nanoseconds < 0) [seconds, nanoseconds] = [seconds - 1, nanoseconds + 1_000_000_000];
  return restTimestamp(new Timestamp(seconds, nanoseconds));
}
const OWNER = { authorization: 'Bearer owner' };

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** The send step of phone sign-in over the Auth emulator's REST API; everything else is the real SDK. */
export function emulatorPhoneCalls(authHost: string): FirebaseAuthCalls {
  return {
    ...FIREBASE_AUTH_CALLS,
    createVerifier: () => ({
      type: 'recaptcha',
      verify: async () => 'emulator',
      render: async () => 0,
      clear() {},
    }),
    async signInWithPhoneNumber(auth, phoneNumber): Promise<ConfirmationResult> {
      const url = `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=${API_KEY}`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber, recaptchaToken: 'emulator' }),
      });
      const answer = (await response.json()) as { sessionInfo?: string; error?: { message?: string } };
      if (!response.ok || !answer.sessionInfo) {
        const reason = answer.error?.message ?? `HTTP ${response.status}`;
        const code = reason.startsWith('INVALID_PHONE_NUMBER')
          ? 'auth/invalid-phone-number'
          : 'auth/internal-error';
        throw new FirebaseError(code, `sendVerificationCode: ${reason}`);
      }
      const verificationId = answer.sessionInfo;
      return {
        verificationId,
        confirm: (verificationCode) =>
          signInWithCredential(auth, PhoneAuthCredential.fromJSON({ verificationId, verificationCode })!),
      };
    },
  };
}

export interface FirebaseSubject {
  data?: DataProvider;
  /** The Firestore instance under `data` (to take its network away, as a test that needs a write on its way). */
  db?: Firestore;
  auth?: AuthProvider;
  harness: ContractHarness;
}

/** A fresh Firebase app (its own name) on the emulators in `env`, with the providers under test and a harness. */
export function firebaseSubject(env: EmulatorEnvironment): FirebaseSubject {
  const { projectId, firestoreHost, authHost } = env;
  const app = initializeApp(
    { apiKey: API_KEY, projectId, authDomain: `${projectId}.firebaseapp.com`, appId: 'demo-app' },
    `contract-${uniqueSuffix()}`,
  );
  let data: DataProvider | undefined;
  let db: Firestore | undefined;
  if (firestoreHost) {
    db = getFirestore(app);
    const { host, port } = parseEmulatorHost(firestoreHost, 'FIRESTORE_EMULATOR_HOST');
    connectFirestoreEmulator(db, host, port);
    // As the page builds it: creates and sends over REST, signed with the visitor's token when signed in.
    data = createFirestoreDataProvider(db, {
      origin: firestoreRestOrigin(firestoreHost),
      idToken: async () => (authHost ? ((await getAuth(app).currentUser?.getIdToken()) ?? null) : null),
    });
  }
  let auth: AuthProvider | undefined;
  if (authHost) {
    const firebaseAuth = getAuth(app);
    connectAuthEmulator(firebaseAuth, `http://${authHost}`, { disableWarnings: true });
    auth = createFirebaseAuthProvider(firebaseAuth, emulatorPhoneCalls(authHost));
  }

  const documents = `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents`;
  function needFirestore(what: string): void {
    if (!firestoreHost) throw new Error(`${what} needs the Firestore emulator (FIRESTORE_EMULATOR_HOST)`);
  }
  function needAuth(what: string): string {
    if (!authHost) throw new Error(`${what} needs the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST)`);
    return authHost;
  }

  const harness: ContractHarness = {
    lacks: FIREBASE_LACKS,
    async reset() {
      // Not the emulator's DELETE …/documents: see firestore-rest-documents.ts.
      if (firestoreHost) await firestoreRestDocuments(firestoreHost, projectId).deleteEverything();
      if (authHost) {
        await call('DELETE', `http://${authHost}/emulator/v1/projects/${projectId}/accounts`);
        // Like a Firebase test phone number whose account has a profile: the contract expects its name.
        await call(
          'POST',
          `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`,
          { phoneNumber: TEST_PHONE_NUMBER, displayName: TEST_PHONE_DISPLAY_NAME },
          OWNER,
        );
      }
    },
    async seedBusiness(business: Business) {
      needFirestore('seedBusiness');
      const { id, ...fields } = business;
      await call(
        'PATCH',
        `${documents}/businesses/${encodeURIComponent(id)}`,
        { fields: toRestFields(fields) },
        OWNER,
      );
      // The handle index, as the operator tooling keeps it: a handle already taken stays with the
      // business that took it first (the tooling refuses the second one).
      const indexId = handleDocumentId(business.handle);
      if (indexId === null) return;
      const indexUrl = `${documents}/${HANDLES_COLLECTION}/${encodeURIComponent(indexId)}`;
      const taken = await fetch(indexUrl, { headers: OWNER });
      if (taken.status === 404) {
        const entry: HandleDocument = { businessId: id };
        await call('PATCH', indexUrl, { fields: toRestFields({ ...entry }) }, OWNER);
      }
    },
    async otpFor(phoneNumber: string) {
      const host = needAuth('otpFor');
      const answer = (await call(
        'GET',
        `http://${host}/emulator/v1/projects/${projectId}/verificationCodes`,
      )) as {
        verificationCodes?: Array<{ phoneNumber: string; code: string }>;
      };
      const sent = (answer.verificationCodes ?? []).filter((entry) => entry.phoneNumber === phoneNumber);
      const latest = sent.at(-1);
      if (!latest) throw new Error(`the Auth emulator has sent no code to ${phoneNumber}`);
      return latest.code;
    },
    async conversationCreatedAgo(agoMs, create) {
      needFirestore('conversationCreatedAgo');
      // Created by the provider through the rules (createdAt = request.time, expiredAt = createdAt +
      // 24 h), then moved back as the owner: no Firestore server's clock can be moved back.
      const conversation = await create();
      const url = `${documents}/conversations/${encodeURIComponent(conversation.id)}`;
      const stored = (await call('GET', url, undefined, OWNER)) as { fields: Record<string, RestValue> };
      const fields: Record<string, RestValue> = {};
      for (const name of CREATION_TIMES) {
        const value = stored.fields[name];
        if (!value || !('timestampValue' in value))
          throw new Error(`conversation ${conversation.id} has no ${name} timestamp to move back`);
        fields[name] = { timestampValue: timestampEarlier(value.timestampValue, agoMs) };
      }
      const mask = CREATION_TIMES.map((name) => `updateMask.fieldPaths=${name}`).join('&');
      await call('PATCH', `${url}?${mask}`, { fields }, OWNER);
      return conversation;
    },
    async breakLiveSubscription(conversationId) {
      needFirestore('breakLiveSubscription');
      // The owner gives the conversation to someone else, and a message arrives in it: the rules no longer
      // let this visitor read it, and Firestore ends the visitor's listener with the refusal. (Taking the
      // conversation away alone does not: an open listener is checked again when its results change.)
      const conversation = `${documents}/conversations/${encodeURIComponent(conversationId)}`;
      await call(
        'PATCH',
        `${conversation}?updateMask.fieldPaths=userId`,
        { fields: { userId: { stringValue: SOMEONE_ELSE } } },
        OWNER,
      );
      const message = { role: 'model', text: 'For someone else', createdAt: Timestamp.now() };
      await call(
        'PATCH',
        `${conversation}/messages/${newMessageId()}`,
        { fields: toRestFields(message) },
        OWNER,
      );
      return 'permission-denied';
    },
    async readFeed(businessId: string): Promise<BusinessFeedItem[]> {
      needFirestore('readFeed');
      const answer = (await call(
        'GET',
        `${documents}/businesses/${encodeURIComponent(businessId)}/feed`,
        undefined,
        OWNER,
      )) as {
        documents?: Array<{ name: string; fields: Record<string, RestValue> }>;
      };
      return (answer?.documents ?? []).map((doc) =>
        BusinessFeedItemSchema.parse({ ...fromRestFields(doc.fields), id: doc.name.split('/').at(-1) }),
      );
    },
    async close() {
      await deleteApp(app);
    },
  };
  return { data, db, auth, harness };
}
