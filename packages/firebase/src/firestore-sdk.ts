/**
 * The Firestore SDK, loaded apart from the page's first script (decision 0036): the data provider and
 * the backend import this module only with `import()`, so a bundler puts `firebase/firestore` (≈ 480 kB,
 * half the Firebase page's script) in a chunk of its own, fetched when the live listener or an SDK-only
 * call first needs it — right after the first screen, when the conversation is created or read. Nothing
 * else in the page's first load may import `firebase/firestore` at run time (type imports are fine).
 */
import { connectFirestoreEmulator, getFirestore, Timestamp, type Firestore } from 'firebase/firestore';
import type { FirebaseApp } from 'firebase/app';
import { parseEmulatorHost } from './emulator-host.js';
import { isTimeLike } from './firestore-time.js';

export {
  addDoc,
  collection,
  doc,
  getDoc,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  writeBatch,
  Timestamp,
} from 'firebase/firestore';

/** The app's Firestore, on the emulator at `emulatorHost` ("host:port") when given. */
export function connectFirestore(app: FirebaseApp, emulatorHost?: string): Firestore {
  const db = getFirestore(app);
  if (emulatorHost) {
    const { host, port } = parseEmulatorHost(emulatorHost, 'firestoreEmulatorHost');
    connectFirestoreEmulator(db, host, port);
  }
  return db;
}

/**
 * A copy of fields to write with the SDK, each time (FirestoreTime) as the SDK's Timestamp — the SDK
 * refuses an object of another class — in maps and arrays too; everything else as it is (the SDK's
 * sentinels, such as serverTimestamp(), included).
 */
export function sdkFields<T>(value: T): T {
  if (value instanceof Timestamp) return value;
  if (isTimeLike(value)) return new Timestamp(value.seconds, value.nanoseconds) as T;
  if (Array.isArray(value)) return value.map(sdkFields) as T;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sdkFields(v)])) as T;
  }
  return value;
}
