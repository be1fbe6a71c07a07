/**
 * Firestore documents ↔ the core domain model, as pure functions (no SDK calls), so the conversion
 * is unit-tested in Node without an emulator, and the page's first script carries no SDK (decision 0036).
 *
 * Reading: Firestore Timestamps become epoch milliseconds and every document is read with core's
 * read-side reader (packages/core/src/read), the same one the local backend uses: liberal, because
 * other tools write these documents too — what cannot be used is dropped with a console warning.
 * What happens to a document that cannot be read at all is decided per kind, by the caller
 * (firestore-data-provider.ts):
 *   - a business → the read rejects with 'internal' naming the bad fields (there is nothing sensible
 *     to show instead; the page says 'Failed to load business profile');
 *   - a conversation → treated as unusable (null) with a console.warn, so §4's resolution creates a
 *     fresh conversation instead of leaving the visitor stuck;
 *   - a message → skipped with a console.warn, so one bad document does not end the live stream.
 *
 * Writing: times the client supplies (expiredAt, lastMessage.sentAt) are stored as timestamps, the
 * way Firestore and its console expect dates; times the backend owns are serverTimestamp() sentinels,
 * added by the data provider.
 */
import {
  readBusiness,
  readConversation,
  readMessage,
  type Business,
  type Conversation,
  type Message,
} from '@chat/core';
import type { ReadResult } from '@chat/core';
import { FirestoreTime } from './firestore-time.js';

/** What a conversion yields: the domain value, or why the document does not fit the schema. */
export type Converted<T> = { ok: true; value: T } | { ok: false; problem: string };

type DocumentData = Record<string, unknown>;

/** Anything with toMillis(): FirestoreTime, or Firestore's Timestamp from any copy of the SDK (web, lite, admin). */
function isTimestampLike(value: unknown): value is { toMillis(): number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toMillis?: unknown }).toMillis === 'function'
  );
}

/**
 * A stored time as whole epoch milliseconds (Firestore keeps microseconds; the sub-millisecond part is
 * dropped, as the domain model's times are integers). Timestamps are converted; any other value is returned
 * unchanged, so the schema check reports it by field name (a string createdAt → "expected number").
 * Epoch-ms numbers written by other tools pass through as they are.
 */
export function timeToMillis(value: unknown): unknown {
  return isTimestampLike(value) ? Math.floor(value.toMillis()) : value;
}

/** Epoch milliseconds as a Firestore time (for times the client supplies; firestore-time.ts). */
export function millisToTimestamp(ms: number): FirestoreTime {
  return FirestoreTime.fromMillis(ms);
}

/** A read result as a conversion; what the reader dropped is logged once per warning. */
function converted<T>(result: ReadResult<T>, kind: string, id: string): Converted<T> {
  if (!result.ok) return { ok: false, problem: `${kind} document '${id}' is malformed: ${result.problem}` };
  for (const warning of result.warnings) console.warn(`[firestore] ${warning}`);
  return { ok: true, value: result.value };
}

/** A 'businesses/{id}' document as a Business. */
export function businessFromDocument(id: string, data: DocumentData): Converted<Business> {
  return converted(readBusiness(data, id), 'Business', id);
}

/** A 'conversations/{id}' document as a Conversation. A missing expiredAt reads as null (expired, §4). */
export function conversationFromDocument(id: string, data: DocumentData): Converted<Conversation> {
  const lastMessage = data.lastMessage;
  const fields = {
    ...data,
    createdAt: timeToMillis(data.createdAt),
    updatedAt: timeToMillis(data.updatedAt),
    expiredAt: timeToMillis(data.expiredAt) ?? null,
    lastMessage:
      typeof lastMessage === 'object' && lastMessage !== null
        ? { ...lastMessage, sentAt: timeToMillis((lastMessage as DocumentData).sentAt) }
        : lastMessage,
  };
  return converted(readConversation(fields, id), 'Conversation', id);
}

/**
 * A 'conversations/{cid}/messages/{id}' document as a Message. Smart replies are normalised (§5):
 * the chat service may store them as plain strings.
 */
export function messageFromDocument(id: string, data: DocumentData): Converted<Message> {
  return converted(readMessage({ ...data, createdAt: timeToMillis(data.createdAt) }, id), 'Message', id);
}

/**
 * The messages of one snapshot, ordered by createdAt ascending; malformed ones are reported through
 * `onMalformed` and left out. The sort is stable, so equal times keep Firestore's order; it also puts a
 * pending local write (whose createdAt is the SDK's estimate) where the server will put it.
 */
export function messagesFromDocuments(
  docs: ReadonlyArray<{ id: string; data: DocumentData }>,
  onMalformed: (problem: string) => void,
): Message[] {
  const messages: Message[] = [];
  for (const doc of docs) {
    const converted = messageFromDocument(doc.id, doc.data);
    if (converted.ok) messages.push(converted.value);
    else onMalformed(converted.problem);
  }
  return messages.sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * A copy without keys whose value is undefined: Firestore rejects undefined field values, while an
 * absent optional field (a message without `type`) is simply not stored.
 */
export function withoutUndefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
