/**
 * `npm run businesses -- forget-phone / forget-conversation` on the Firestore and Auth emulators
 * (`npm run test:firestore`; skipped elsewhere): after forgetting a phone number, a scan of the whole
 * database finds nothing of it — not the number, not its user's uid, not one of its conversations — and
 * the other visitor's data is all still there.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runBusinessesCli } from './businesses-cli.js';

const FIRESTORE = process.env.FIRESTORE_EMULATOR_HOST;
const AUTH = process.env.FIREBASE_AUTH_EMULATOR_HOST;
// Its own project, so the other suites on the same emulators never clear its documents.
const PROJECT = 'demo-business-forget';

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runBusinessesCli([...argv, '--project', PROJECT], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { FIRESTORE_EMULATOR_HOST: FIRESTORE, FIREBASE_AUTH_EMULATOR_HOST: AUTH },
    cwd: process.cwd(),
  });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

/** Every document of the database, at any depth, as path → its data in JSON. */
async function everyDocument(db: Firestore): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  async function walk(refs: DocumentReference[]): Promise<void> {
    for (const ref of refs) {
      const snapshot = await ref.get();
      if (snapshot.exists) found.set(ref.path, JSON.stringify(snapshot.data()));
      for (const collection of await ref.listCollections()) await walk(await collection.listDocuments());
    }
  }
  for (const collection of await db.listCollections()) await walk(await collection.listDocuments());
  return found;
}

describe.skipIf(!FIRESTORE || !AUTH)('forgetting a visitor, on the emulators', () => {
  const app = initializeApp({ projectId: PROJECT }, 'forget-personal-data-test');
  const db = getFirestore(app);
  const auth = getAuth(app);
  afterAll(() => deleteApp(app));

  const ALICE = '+15555550142';
  const BOB = '+15555550143';
  const later = Timestamp.fromMillis(Date.now() + 40 * 24 * 60 * 60 * 1000);

  /** A conversation with a visitor message, a reply and the assistant's memory, as the page and service leave it. */
  async function conversationOf(id: string, userId: string | null, text: string) {
    await db.doc(`conversations/${id}`).set({
      businessId: 'bella-vista-salon',
      userId,
      userType: userId ? 'enduser' : 'anonymous',
      deleteAt: later,
    });
    await db.doc(`conversations/${id}/messages/m1`).set({ role: 'user', text, deleteAt: later });
    await db.doc(`conversations/${id}/messages/m2`).set({ role: 'model', text: 'Hello!', deleteAt: later });
    await db.doc(`assistantMemory/${id}`).set({ memory: { said: text }, deleteAt: later });
  }

  beforeEach(async () => {
    await fetch(`http://${FIRESTORE}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
      method: 'DELETE',
    });
    await fetch(`http://${AUTH}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
    const alice = await auth.createUser({ uid: 'uid-alice', phoneNumber: ALICE });
    await auth.createUser({ uid: 'uid-bob', phoneNumber: BOB });
    await db
      .doc('businesses/bella-vista-salon')
      .set({ businessName: 'Bella Vista Salon', handle: 'bellavista' });
    // Alice: an anonymous conversation she signed up in, and one signed in; a signup and a booking request.
    await conversationOf('alice-anon', null, 'Do you do colour?');
    await conversationOf('alice-signed', alice.uid, 'Book me for Friday, this is Alice');
    await db.doc('businesses/bella-vista-salon/feed/alice-anon').set({
      type: 'NEW_SIGNUP',
      customerName: 'Alice',
      customerPhone: ALICE,
      conversationId: 'alice-anon',
      message: 'Alice signed up.',
    });
    await db.doc('businesses/bella-vista-salon/feed/booking-1').set({
      type: 'BOOKING_REQUEST',
      customerPhone: ALICE,
      conversationId: 'alice-signed',
      message: 'Friday 3 pm',
    });
    await db.doc(`signups/${ALICE}`).set({ businessId: 'bella-vista-salon', conversationId: 'alice-anon' });
    // Bob: the same kinds of documents, which must all stay.
    await conversationOf('bob-signed', 'uid-bob', 'Hi, Bob here');
    await db.doc('businesses/bella-vista-salon/feed/bob-signed').set({
      type: 'NEW_SIGNUP',
      customerName: null,
      customerPhone: BOB,
      conversationId: 'bob-signed',
      message: `${BOB} signed up.`,
    });
    await db.doc(`signups/${BOB}`).set({ businessId: 'bella-vista-salon', conversationId: 'bob-signed' });
  });

  it('forget-phone leaves nothing of the number in the database, and deletes its Auth user if asked', async () => {
    const before = await everyDocument(db);
    const forgotten = await cli('forget-phone', ALICE, '--auth-user');
    expect(forgotten.err).toBe('');
    expect(forgotten.status).toBe(0);
    expect(forgotten.out).toContain(`✓ Deleted 11 documents about ${ALICE} from project ${PROJECT}`);
    for (const path of [
      `signups/${ALICE}`,
      'businesses/bella-vista-salon/feed/booking-1',
      'conversations/alice-anon/messages/m1',
      'conversations/alice-signed',
      'assistantMemory/alice-signed',
    ]) {
      expect(forgotten.out).toContain(`\n  ${path}`);
    }
    expect(forgotten.out).toContain('✓ Deleted the Auth user uid-alice.');

    const after = await everyDocument(db);
    for (const [path, data] of after) {
      for (const trace of [ALICE, 'uid-alice', 'alice-anon', 'alice-signed', 'Alice']) {
        expect(`${path} ${data}`).not.toContain(trace);
      }
    }
    // Everything else is as it was: Bob's documents and the business.
    expect([...after.keys()].sort()).toEqual(
      [...before.keys()].filter((path) => !/alice|booking-1|15555550142/.test(path)).sort(),
    );
    await expect(auth.getUserByPhoneNumber(ALICE)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await auth.getUserByPhoneNumber(BOB)).uid).toBe('uid-bob');

    // A second run finds nothing left.
    expect((await cli('forget-phone', ALICE)).out).toContain(`Nothing stored about ${ALICE}`);
  });

  it('forget-phone keeps the Auth user unless asked', async () => {
    const forgotten = await cli('forget-phone', ALICE);
    expect(forgotten.out).toContain('The Auth user, if any, was kept: add --auth-user to delete it too.');
    expect((await auth.getUserByPhoneNumber(ALICE)).uid).toBe('uid-alice');
    expect((await db.doc('conversations/alice-signed').get()).exists).toBe(false);
  });

  it('forget-conversation deletes one conversation with its messages, memory and feed items only', async () => {
    const forgotten = await cli('forget-conversation', 'bob-signed');
    expect(forgotten.status).toBe(0);
    expect(forgotten.out.split('\n')).toEqual([
      `✓ Deleted 5 documents about conversation bob-signed from project ${PROJECT} on the Firestore emulator at ${FIRESTORE}:`,
      '  conversations/bob-signed/messages/m1',
      '  conversations/bob-signed/messages/m2',
      '  businesses/bella-vista-salon/feed/bob-signed',
      '  assistantMemory/bob-signed',
      '  conversations/bob-signed',
    ]);
    const left = await everyDocument(db);
    expect([...left.keys()].filter((path) => path.includes('bob-signed'))).toEqual([]);
    expect(left.has('conversations/alice-signed/messages/m1')).toBe(true);
  });

  it('refuses what is not a phone number or a conversation id, deleting nothing', async () => {
    const before = await everyDocument(db);
    const badPhone = await cli('forget-phone', '5555550142');
    expect(badPhone.status).toBe(1);
    expect(badPhone.err).toBe(
      '✗ nothing was deleted: "5555550142" is not a phone number as stored: +1 followed by 10 digits',
    );
    const badId = await cli('forget-conversation', 'a/b');
    expect(badId.status).toBe(1);
    expect(badId.err).toContain('✗ nothing was deleted: "a/b" is not a conversation id');
    expect((await cli('forget-conversation', 'x', '--auth-user')).err).toBe(
      '✗ --auth-user goes with forget-phone only',
    );
    expect(await everyDocument(db)).toEqual(before);
  });
});
