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
 *   suites report the tests that need them as skipped with that reason.
 */
import {
  TEST_PHONE_DISPLAY_NAME,
  TEST_PHONE_NUMBER,
  uniqueSuffix,
  type ContractHarness,
} from '@chat/contract';
import {
  FeedItemSchema,
  type AuthProvider,
  type Business,
  type DataProvider,
  type FeedItem,
} from '@chat/core';
import { deleteApp, FirebaseError, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  PhoneAuthCredential,
  signInWithCredential,
  type ConfirmationResult,
} from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { firestoreRestOrigin, parseEmulatorHost } from '../emulator-host.js';
import {
  createFirebaseAuthProvider,
  FIREBASE_AUTH_CALLS,
  type FirebaseAuthCalls,
} from '../firebase-auth-provider.js';
import { createFirestoreDataProvider } from '../firestore-data-provider.js';
import { handleDocumentId, HANDLES_COLLECTION, type HandleDocument } from '../handle-index.js';
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
    "Firestore's and Auth's clocks are the server's own (request.time, server timestamps, code expiry) and " +
    'cannot be moved back: commit times only increase, on the emulator too (firestore.contract.test.ts says ' +
    'what was tried); firestore-server-behaviour.test.ts covers an expired conversation on Firestore',
  injectFault:
    'no Firebase emulator fails on request: the Firestore SDK retries an unavailable listener (reported ' +
    'as reconnecting; firestore-server-behaviour.test.ts ends one through the rules), and the Auth emulator ' +
    'never throttles, fails a captcha or expires a code (auth-error-code.test.ts maps those errors)',
} as const;
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
    async readFeed(businessId: string): Promise<FeedItem[]> {
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
        FeedItemSchema.parse({ ...fromRestFields(doc.fields), id: doc.name.split('/').at(-1) }),
      );
    },
    async close() {
      await deleteApp(app);
    },
  };
  return { data, db, auth, harness };
}
