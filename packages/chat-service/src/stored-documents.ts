/**
 * Firestore documents as core's domain types, read with core's liberal readers (the same the page
 * uses): every Timestamp becomes epoch milliseconds first. What cannot be read is reported, not guessed.
 */
import { readBusiness, readConversation, readMessage } from '@chat/core';
import type { Business, Conversation, Message, ReadResult } from '@chat/core';

type Fields = Record<string, unknown>;

const isTimestamp = (value: unknown): value is { toMillis(): number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { toMillis?: unknown }).toMillis === 'function';

/** `value` with every Timestamp in it, at any depth, as whole epoch milliseconds. */
export function withMillis(value: unknown): unknown {
  if (isTimestamp(value)) return Math.floor(value.toMillis());
  if (Array.isArray(value)) return value.map(withMillis);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withMillis(item)]));
  }
  return value;
}

export function storedBusiness(id: string, data: Fields): ReadResult<Business> {
  return readBusiness(withMillis(data), id);
}

/** A missing expiredAt reads as null: expired (§4), as the page reads it. */
export function storedConversation(id: string, data: Fields): ReadResult<Conversation> {
  const fields = withMillis(data) as Fields;
  return readConversation({ ...fields, expiredAt: fields.expiredAt ?? null }, id);
}

export function storedMessage(id: string, data: Fields): ReadResult<Message> {
  return readMessage(withMillis(data), id);
}
