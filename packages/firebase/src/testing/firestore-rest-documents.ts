/**
 * Every document of a Firestore emulator's database, over its REST API as the owner (bypassing the
 * rules): listing them, deepest first, and deleting them in batched commits. Tests empty the database
 * this way rather than with the emulator's `DELETE …/documents`, after which a live listener of the Node
 * SDK may fail with RESOURCE_EXHAUSTED and back off for a minute (firebase-tools issue 8654).
 * Test support only: not exported from the package.
 */

const OWNER = { authorization: 'Bearer owner' };
/** Documents one commit deletes at the most (a commit takes 500 writes). */
const DELETES_PER_COMMIT = 400;

export interface FirestoreRestDocuments {
  /** `projects/{id}/databases/(default)/documents`: the prefix of every document's full name. */
  readonly root: string;
  /** The REST API's URL of `root`. */
  readonly base: string;
  /** A request to the REST API as the owner: its JSON answer; undefined for a GET of nothing (404). */
  call(method: string, url: string, body?: unknown): Promise<unknown>;
  /** The ids of the collections under `parent` (a document path below the root, or '' for the root). */
  collectionIds(parent: string): Promise<string[]>;
  /**
   * The full names of every document in `collection` (a path below the root) and below it, deepest
   * first — documents that hold only subcollections included.
   */
  documentsUnder(collection: string): Promise<string[]>;
  /** Deletes the documents named (full names). */
  deleteAll(names: readonly string[]): Promise<void>;
  /** Deletes every document of the database. */
  deleteEverything(): Promise<void>;
}

export function firestoreRestDocuments(host: string, projectId: string): FirestoreRestDocuments {
  const root = `projects/${projectId}/databases/(default)/documents`;
  const base = `http://${host}/v1/${root}`;

  async function call(method: string, url: string, body?: unknown): Promise<unknown> {
    const response = await fetch(url, {
      method,
      headers: { ...OWNER, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status === 404 && method === 'GET') return undefined;
    if (!response.ok)
      throw new Error(`Firestore emulator: ${method} ${url} answered ${response.status}: ${text}`);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }

  const documents: FirestoreRestDocuments = {
    root,
    base,
    call,
    async collectionIds(parent) {
      const url = parent ? `${base}/${parent}:listCollectionIds` : `${base}:listCollectionIds`;
      const answer = (await call('POST', url, { pageSize: 300 })) as { collectionIds?: string[] } | undefined;
      return answer?.collectionIds ?? [];
    },
    async documentsUnder(collection) {
      const answer = (await call(
        'GET',
        `${base}/${collection}?pageSize=300&showMissing=true&mask.fieldPaths=__name__`,
      )) as { documents?: Array<{ name: string }> } | undefined;
      const names: string[] = [];
      for (const { name } of answer?.documents ?? []) {
        const path = name.slice(`${root}/`.length);
        for (const sub of await documents.collectionIds(path)) {
          names.push(...(await documents.documentsUnder(`${path}/${sub}`)));
        }
        names.push(name);
      }
      return names;
    },
    async deleteAll(names) {
      for (let start = 0; start < names.length; start += DELETES_PER_COMMIT) {
        const writes = names.slice(start, start + DELETES_PER_COMMIT).map((name) => ({ delete: name }));
        await call('POST', `${base}:commit`, { writes });
      }
    },
    async deleteEverything() {
      const names: string[] = [];
      for (const collection of await documents.collectionIds('')) {
        names.push(...(await documents.documentsUnder(collection)));
      }
      await documents.deleteAll(names);
    },
  };
  return documents;
}
