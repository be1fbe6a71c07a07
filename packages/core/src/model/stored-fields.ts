/**
 * A record's fields as a document database stores them: the id is the document's path, not a field, and
 * the times the backend stamps are the database's own time value (Firestore's serverTimestamp()). Writers
 * that cannot go through a core check (the Admin SDK's) type their documents with it, so the compiler
 * holds them to the one shape in core instead of a field list of their own.
 */
export type StoredFields<T, Time, TimeKey extends keyof T> = Omit<T, 'id' | TimeKey> & {
  [K in TimeKey]: Time;
};
