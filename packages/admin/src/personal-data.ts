/**
 * Deleting what is stored about one visitor, on request (issue 29): everything about one phone number, or
 * one conversation, with the Admin SDK (which bypasses firestore.rules), on the emulators or in production.
 * Each call returns what it deleted, path by path, for the operator to read and keep.
 *
 * About a phone number `+1…`:
 *   - signups/{phone}, the marker of its first signup;
 *   - every feed item of every business whose customerPhone is that number (NEW_SIGNUP, and any other
 *     item type that names the visitor's phone) — a collection-group query on `feed` (its index:
 *     firestore.indexes.json);
 *   - the conversations of the Auth user signed in with that number (userId), and those its feed items and
 *     marker name (a signup happens in a conversation that may have started anonymous), each as below;
 *   - the Auth user itself, only when asked (`deleteAuthUser`): signing in again makes a new one.
 * About a conversation: its messages, the assistant's memory of it (assistantMemory/{id}), the feed items
 * that name it, and the conversation document.
 *
 * Limits: anonymous conversations that no feed item or marker ties to the number cannot be found from a
 * phone number (nothing in them names it); they are deleted by id (forget-conversation) or by their TTL
 * (README "Data lifetime"). Counters kept per visitor or per day carry no phone number and expire by TTL.
 * Not one transaction: a write landing meanwhile (the visitor still chatting) can outlive the deletion;
 * running it again deletes what is left, and reports only that.
 */
import { DOCUMENT_ID, isDocumentId, isValidE164 } from '@chat/core';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

/** The assistant's memory of a conversation (packages/chat-service firestore-chat-store.ts). */
const MEMORY_COLLECTION = 'assistantMemory';
const SIGNUPS_COLLECTION = 'signups';
/** Deletes per batch: Firestore takes at most 500 writes in one. */
const BATCH_SIZE = 400;

/** What was deleted: document paths, and the Auth user's uid when it was deleted. */
export interface Deleted {
  documents: string[];
  authUser: string | null;
}

/** A request that cannot be carried out as given (a malformed phone number or id). */
export class ForgetRefused extends Error {}

async function deleteAll(db: Firestore, refs: readonly DocumentReference[]): Promise<string[]> {
  const unique = [...new Map(refs.map((ref) => [ref.path, ref])).values()];
  for (let i = 0; i < unique.length; i += BATCH_SIZE) {
    const batch = db.batch();
    for (const ref of unique.slice(i, i + BATCH_SIZE)) batch.delete(ref);
    await batch.commit();
  }
  return unique.map((ref) => ref.path);
}

/** The documents of one conversation, the conversation's own last (so a rerun still finds the rest). */
async function conversationDocuments(db: Firestore, conversationId: string): Promise<DocumentReference[]> {
  const conversation = db.collection('conversations').doc(conversationId);
  const [subcollections, feedItems, memory, stored] = await Promise.all([
    // Its messages, and whatever else is kept under it: a subcollection is not deleted with its parent.
    conversation.listCollections(),
    db.collectionGroup('feed').where('conversationId', '==', conversationId).get(),
    db.collection(MEMORY_COLLECTION).doc(conversationId).get(),
    conversation.get(),
  ]);
  const inside = await Promise.all(subcollections.map((collection) => collection.select().get()));
  return [
    ...inside.flatMap((snapshot) => snapshot.docs.map((doc) => doc.ref)),
    ...feedItems.docs.map((doc) => doc.ref),
    ...(memory.exists ? [memory.ref] : []),
    ...(stored.exists ? [conversation] : []),
  ];
}

function checkConversationId(conversationId: string): void {
  if (!isDocumentId(conversationId)) {
    throw new ForgetRefused(
      `"${conversationId}" is not a conversation id: 1 to ${DOCUMENT_ID.maxLength} letters, digits, "_" or "-"`,
    );
  }
}

/** Deletes one conversation and everything stored with it (see the header). */
export async function forgetConversation(db: Firestore, conversationId: string): Promise<Deleted> {
  checkConversationId(conversationId);
  const documents = await deleteAll(db, await conversationDocuments(db, conversationId));
  return { documents, authUser: null };
}

/** The uid of the Auth user signed in with `phone`, or null when there is none. */
async function uidOf(auth: Pick<Auth, 'getUserByPhoneNumber'>, phone: string): Promise<string | null> {
  try {
    return (await auth.getUserByPhoneNumber(phone)).uid;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/** Deletes everything stored about one phone number (see the header). */
export async function forgetPhone(
  db: Firestore,
  auth: Pick<Auth, 'getUserByPhoneNumber' | 'deleteUser'>,
  phone: string,
  { deleteAuthUser }: { deleteAuthUser: boolean },
): Promise<Deleted> {
  if (!isValidE164(phone)) {
    throw new ForgetRefused(`"${phone}" is not a phone number as stored: +1 followed by 10 digits`);
  }
  const uid = await uidOf(auth, phone);
  const marker = db.collection(SIGNUPS_COLLECTION).doc(phone);
  const [markerDoc, feedItems, owned] = await Promise.all([
    marker.get(),
    db.collectionGroup('feed').where('customerPhone', '==', phone).get(),
    uid === null
      ? Promise.resolve(null)
      : db.collection('conversations').where('userId', '==', uid).select().get(),
  ]);
  const conversationIds = new Set<string>(owned?.docs.map((doc) => doc.id) ?? []);
  for (const doc of feedItems.docs) {
    const named: unknown = doc.get('conversationId');
    if (typeof named === 'string' && named !== '') conversationIds.add(named);
  }
  const markerConversation: unknown = markerDoc.exists ? markerDoc.get('conversationId') : undefined;
  if (typeof markerConversation === 'string' && markerConversation !== '') {
    conversationIds.add(markerConversation);
  }
  const perConversation = await Promise.all(
    [...conversationIds].filter((id) => isDocumentId(id)).map((id) => conversationDocuments(db, id)),
  );
  const documents = await deleteAll(db, [
    ...perConversation.flat(),
    ...feedItems.docs.map((doc) => doc.ref),
    ...(markerDoc.exists ? [marker] : []),
  ]);
  let authUser: string | null = null;
  if (deleteAuthUser && uid !== null) {
    await auth.deleteUser(uid);
    authUser = uid;
  }
  return { documents, authUser };
}
