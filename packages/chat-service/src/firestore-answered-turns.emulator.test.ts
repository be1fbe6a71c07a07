/**
 * One answer per question on Firestore (firestore-answered-turns.ts): the AnsweredTurns contract the
 * mock server's in-memory claims are held to too. Runs in `npm run test:firestore`; skipped without
 * emulators.
 */
import { describeAnsweredTurnsContract } from '@chat/server-http/testing';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe } from 'vitest';
import { DEFAULT_STREAMING_LEASE_MS } from './abandoned-replies.js';
import { createFirestoreAnsweredTurns } from './firestore-answered-turns.js';
import { adminApp, emulatorsRunning } from './testing/emulator-service.js';

describe.skipIf(!emulatorsRunning)('AnsweredTurns on Firestore', () => {
  const { app, db } = emulatorsRunning ? adminApp() : ({} as ReturnType<typeof adminApp>);
  afterAll(async () => {
    const { deleteApp } = await import('firebase-admin/app');
    await deleteApp(app);
  });
  describeAnsweredTurnsContract('on Firestore', () =>
    createFirestoreAnsweredTurns(
      db,
      (nowMs) => Timestamp.fromMillis(nowMs + 86_400_000),
      DEFAULT_STREAMING_LEASE_MS,
    ),
  );
});
