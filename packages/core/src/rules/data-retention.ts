/**
 * How long stored personal data lives (issue 29): every conversation, each of its messages, the
 * assistant's memory of it and every counter carries a TTL field, `deleteAt`, and a Firestore TTL
 * policy on that field (firestore.indexes.json's fieldOverrides) deletes the document some time after
 * it passes (Google says within about 24 hours; it is not a deadline to rely on to the minute).
 *
 * One definition shared by the page (its creates), firestore.rules (a checked copy of the bounds) and
 * the chat service (its writes, with DATA_RETENTION_DAYS in place of the default).
 */
import { CONVERSATION_LIFETIME_MS } from './conversation-expiry.js';

/** The field every TTL policy of this project deletes by (a Timestamp; not `expiredAt`, §4's expiry). */
export const TTL_FIELD = 'deleteAt';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a conversation and its messages are kept after the conversation expires, by default. */
export const DEFAULT_RETENTION_AFTER_EXPIRY_MS = 30 * DAY_MS;

/** The longest retention after expiry anything may ask for (firestore.rules refuse a later deleteAt). */
export const MAX_RETENTION_AFTER_EXPIRY_MS = 365 * DAY_MS;

/**
 * When a conversation document or message written at `writtenAtMs` is deleted: after the longest the
 * conversation can still be used (its 24 h lifetime from now) plus the retention. A message written late
 * in a conversation's life outlives the conversation document by at most that lifetime.
 */
export function deleteAtFor(writtenAtMs: number, retentionMs = DEFAULT_RETENTION_AFTER_EXPIRY_MS): number {
  return writtenAtMs + CONVERSATION_LIFETIME_MS + retentionMs;
}
