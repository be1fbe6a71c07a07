/**
 * The handle index: `handles/{handle}` → `{ businessId }`, one document per business handle, written only
 * by the operator tooling (`npm run businesses`, with the Admin SDK) and readable by anyone with `get`
 * only. It is how /chat/@handle finds a business without a query on `businesses`: a query would let a
 * visitor page through every business, pending and denied ones included (decision 0017). Pure, no SDK:
 * the page's provider, the Admin tooling and the test harness share it.
 */
import { normalHandle } from '@chat/core';

export const HANDLES_COLLECTION = 'handles';

/** What a handle document holds. */
export interface HandleDocument {
  businessId: string;
}

/**
 * The document id for `handle`: its normal form (lowercase, core's normalHandle), so `BellaVista` and
 * `bellavista` are one entry. Null when Firestore could not store it under that id ('.', '..', or
 * '__…__' are reserved): no business can have such a handle, since the tooling refuses it.
 */
export function handleDocumentId(handle: string): string | null {
  if (handle === '.' || handle === '..' || /^__.*__$/.test(handle)) return null;
  return normalHandle(handle);
}

/** A stored handle document's business id, or null when the document is not one. */
export function businessIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { businessId } = data as { businessId?: unknown };
  return typeof businessId === 'string' && businessId !== '' ? businessId : null;
}
