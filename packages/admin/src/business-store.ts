/**
 * Businesses in Firestore, written and read with the Admin SDK (it bypasses firestore.rules): each
 * business is `businesses/{id}` (the §3 fields without the id) plus its handle index entry
 * `handles/{handle}` → { businessId }, which is how the page finds /chat/@handle (the rules let no client
 * list businesses; decision 0017). An import is one transaction: either every record is written, with
 * every index entry moved along, or — when a handle belongs to another business, in any case — nothing is.
 * Handles are stored and indexed in their normal form (lowercase; core's normalHandle).
 */
import { BusinessSchema, normalHandle, type Business } from '@chat/core';
import {
  businessIdOf,
  handleDocumentId,
  HANDLES_COLLECTION,
  type HandleDocument,
} from '@chat/firebase/handle-index';
import { FieldPath, type DocumentReference, type Firestore } from 'firebase-admin/firestore';

const BUSINESSES = 'businesses';

/** An import refused before anything was written; `problems` name the record and field. */
export class ImportRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`nothing was imported:\n  ${problems.join('\n  ')}`);
    this.name = 'ImportRefused';
  }
}

function handleRef(db: Firestore, handle: string): DocumentReference {
  const id = handleDocumentId(handle);
  if (id === null) throw new Error(`"${handle}" cannot be a handle document id`);
  return db.collection(HANDLES_COLLECTION).doc(id);
}

/** Writes `businesses` (already checked by checkBusinessRecords) and their handle index, all or nothing. */
export async function importBusinesses(db: Firestore, businesses: readonly Business[]): Promise<void> {
  const newHandleOf = new Map(businesses.map((b) => [b.id, b.handle]));
  await db.runTransaction(async (tx) => {
    const businessRefs = businesses.map((b) => db.collection(BUSINESSES).doc(b.id));
    const indexRefs = businesses.map((b) => handleRef(db, b.handle));
    const [stored, indexed, everyHandle] = await Promise.all([
      tx.getAll(...businessRefs),
      tx.getAll(...indexRefs),
      // Every stored business's handle, in whatever case it was written (by an older import or the
      // console): a case-variant of one is the same handle. A projection, one read per business.
      tx.get(db.collection(BUSINESSES).select('handle')),
    ]);
    const holdersOf = new Map<string, Array<{ id: string; handle: string }>>();
    for (const doc of everyHandle.docs) {
      const handle: unknown = doc.get('handle');
      if (typeof handle !== 'string' || handle === '') continue;
      const holders = holdersOf.get(normalHandle(handle)) ?? [];
      holders.push({ id: doc.id, handle });
      holdersOf.set(normalHandle(handle), holders);
    }

    const problems: string[] = [];
    // A handle may move to this record only from a business that gets another handle in the same file.
    const holdsOn = (owner: string, business: Business) =>
      owner !== business.id && (newHandleOf.get(owner) ?? business.handle) === business.handle;
    businesses.forEach((business, index) => {
      const indexOwner = indexed[index]!.exists ? businessIdOf(indexed[index]!.data()) : null;
      const owners = [
        ...(indexOwner === null ? [] : [{ id: indexOwner, handle: business.handle }]),
        ...(holdersOf.get(business.handle) ?? []),
      ];
      const owner = owners.find(({ id }) => holdsOn(id, business));
      if (owner) {
        const variant =
          owner.handle === business.handle
            ? ''
            : ` as "${owner.handle}" (handles are the same whatever their case)`;
        problems.push(
          `record ${index + 1} ("${business.id}"), field handle: "${business.handle}" already belongs to ` +
            `business "${owner.id}"${variant}`,
        );
      }
    });
    if (problems.length > 0) throw new ImportRefused(problems);

    const claimed = new Set(businesses.map((b) => b.handle));
    businesses.forEach((business, index) => {
      const { id, ...fields } = business;
      tx.set(businessRefs[index]!, fields);
      const entry: HandleDocument = { businessId: id };
      tx.set(indexRefs[index]!, entry);
      // The entry of a handle this business no longer has goes, unless another record takes it over.
      const oldHandle: unknown = stored[index]!.exists ? stored[index]!.get('handle') : undefined;
      if (typeof oldHandle !== 'string' || oldHandle === '') return;
      const oldId = handleDocumentId(oldHandle);
      if (oldId !== null && oldId !== business.handle && !claimed.has(oldId)) {
        tx.delete(db.collection(HANDLES_COLLECTION).doc(oldId));
      }
      // An entry an older import kept under the handle as written (not lowercased) is not read any more.
      if (oldId !== null && oldId !== oldHandle) tx.delete(db.collection(HANDLES_COLLECTION).doc(oldHandle));
    });
  });
}

/** A stored business as the tooling reports it: whether the page can read it, and its index entry. */
export interface StoredBusiness {
  id: string;
  data: Record<string, unknown>;
  /** The schema's problems with the stored document ('' when none). */
  problem: string;
  /** Whether handles/{handle} names this business. */
  indexed: boolean;
}

async function describe(db: Firestore, id: string, data: Record<string, unknown>): Promise<StoredBusiness> {
  const parsed = BusinessSchema.safeParse({ ...data, id });
  const problem = parsed.success
    ? ''
    : parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`)
        .join('; ');
  const handle = typeof data.handle === 'string' ? handleDocumentId(data.handle) : null;
  const entry = handle === null ? null : await db.collection(HANDLES_COLLECTION).doc(handle).get();
  return { id, data, problem, indexed: entry?.exists === true && businessIdOf(entry.data()) === id };
}

/** Every stored business, by id. */
export async function listBusinesses(db: Firestore): Promise<StoredBusiness[]> {
  const snapshot = await db.collection(BUSINESSES).orderBy(FieldPath.documentId()).get();
  return Promise.all(snapshot.docs.map((doc) => describe(db, doc.id, doc.data())));
}

/** One stored business by id, or by `@handle` through the handle index; null when there is none. */
export async function findBusiness(db: Firestore, idOrHandle: string): Promise<StoredBusiness | null> {
  let id = idOrHandle;
  if (idOrHandle.startsWith('@')) {
    const handle = handleDocumentId(idOrHandle.slice(1));
    const entry = handle === null ? null : await db.collection(HANDLES_COLLECTION).doc(handle).get();
    const found = entry?.exists ? businessIdOf(entry.data()) : null;
    if (found === null) return null;
    id = found;
  }
  if (id === '' || id.includes('/')) return null;
  const doc = await db.collection(BUSINESSES).doc(id).get();
  return doc.exists ? describe(db, doc.id, doc.data() ?? {}) : null;
}
