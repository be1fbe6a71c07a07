/**
 * A document as Firestore's REST API answers `GET …/documents/{path}`, read into the plain values the
 * SDK's `snapshot.data()` gives (timestamps as FirestoreTime, which reads as the SDK's Timestamp), so the same converters apply. The chat page's
 * first read of its business is such a GET, started before the app's code and the SDK have loaded
 * (web/src/app/first-read; docs/decisions/0021).
 */
import type { Business } from '@chat/core';
import { FirestoreTime } from './firestore-time.js';
import { businessFromDocument, type Converted } from './firestore-documents.js';

type DocumentData = Record<string, unknown>;

type RestValue = Record<string, unknown>;

/** One REST value (`{ stringValue: "…" }`, `{ mapValue: { fields } }`, …) as the SDK would give it. */
export function restValue(value: RestValue): unknown {
  if ('nullValue' in value) return null;
  if ('stringValue' in value) return value.stringValue;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('timestampValue' in value) return FirestoreTime.fromMillis(Date.parse(String(value.timestampValue)));
  if ('mapValue' in value) return restFields((value.mapValue as { fields?: unknown }).fields);
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: unknown }).values;
    return Array.isArray(values) ? values.map((item) => restValue(item as RestValue)) : [];
  }
  if ('referenceValue' in value) return value.referenceValue;
  if ('geoPointValue' in value) return value.geoPointValue;
  if ('bytesValue' in value) return value.bytesValue;
  return undefined;
}

/** A REST document's `fields` as DocumentData. */
export function restFields(fields: unknown): DocumentData {
  const data: DocumentData = {};
  if (typeof fields !== 'object' || fields === null) return data;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'object' && value !== null) data[name] = restValue(value as RestValue);
  }
  return data;
}

/** A 'businesses/{id}' document read over REST (the answer's JSON body) as a Business. */
export function businessFromRestDocument(id: string, body: unknown): Converted<Business> {
  const fields =
    typeof body === 'object' && body !== null ? (body as { fields?: unknown }).fields : undefined;
  return businessFromDocument(id, restFields(fields));
}
