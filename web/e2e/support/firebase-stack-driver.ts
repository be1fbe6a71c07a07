/**
 * The StackDriver (stack.ts) of the Firebase stack: the Firestore emulator's REST API as the "owner"
 * (bypassing the rules, as the operator's Admin SDK tools do; its listing and deleting shared with the
 * Firebase tests' harness, packages/firebase/src/testing/firestore-rest-documents.ts), the page's
 * Firestore Write channel as the requests that carry its writes, the Auth emulator's own endpoints
 * (../../firebase-e2e/support/auth-emulator.ts), and the chat service through the page's origin.
 */
import { createFirebaseBackend } from '@chat/firebase';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  fromRestFields,
  type RestValue,
} from '../../../packages/firebase/src/testing/firestore-rest-values.js';
import { firestoreRestDocuments } from '../../../packages/firebase/src/testing/firestore-rest-documents.js';
import { clearAccounts, latestCode } from '../../firebase-e2e/support/auth-emulator.js';
import '../../firebase-e2e/support/provided.js';
import { askOnOtherDevice } from './other-device.js';
import type { StackDriver, StoredFeedItem } from './stack.js';

const AN_HOUR_MS = 60 * 60 * 1000;
/** The longest a reply takes to finish writing on this stack (about a second; a busy machine is slower). */
const REPLY_SETTLE_MS = 15_000;
/** The root collections the businesses tool writes (packages/admin): kept by reset(). */
const SEEDED = new Set(['businesses', 'handles']);

/** The path of the web SDK's Write stream (WebChannel): the commits the page leaves to the SDK. */
const WRITE_CHANNEL = '/google.firestore.v1.Firestore/Write/channel';
/** The REST API's commit (`…/documents:commit`): how the page creates and sends when it can (decision 0021). */
const REST_COMMIT = '/documents:commit';

/**
 * The writes in a Write-channel request's form body (`count=1&ofs=3&req0___data__=<JSON>`, one
 * `reqN___data__` per stream message), as JSON text; null when its messages carry none (the stream's
 * handshake).
 */
function firestoreWritesIn(body: string): string | null {
  const writes: unknown[] = [];
  for (const [key, value] of new URLSearchParams(body)) {
    if (!/^req\d+___data__$/.test(key)) continue;
    const message = JSON.parse(value) as { writes?: unknown[] };
    writes.push(...(message.writes ?? []));
  }
  return writes.length > 0 ? JSON.stringify(writes) : null;
}

/** The writes of a REST commit's JSON body (`{ writes: [...] }`), as JSON text; null when it has none. */
function restWritesIn(body: string): string | null {
  const { writes } = JSON.parse(body || '{}') as { writes?: unknown[] };
  return writes && writes.length > 0 ? JSON.stringify(writes) : null;
}

interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
  createTime?: string;
}

export function createFirebaseStackDriver(): StackDriver {
  const projectId = inject('firebaseProjectId');
  const { root, base, call, collectionIds, documentsUnder, deleteAll } = firestoreRestDocuments(
    inject('firestoreEmulatorHost'),
    projectId,
  );

  /** How many assistant messages are still marked streaming (0 or 1: it stops counting at one). */
  async function repliesBeingWritten(): Promise<number> {
    const rows = (await call('POST', `${base}:runQuery`, {
      structuredQuery: {
        from: [{ collectionId: 'messages', allDescendants: true }],
        where: {
          fieldFilter: { field: { fieldPath: 'streaming' }, op: 'EQUAL', value: { booleanValue: true } },
        },
        limit: 1,
      },
    })) as Array<{ document?: unknown }>;
    return rows.filter((row) => row.document).length;
  }

  async function list(path: string): Promise<RestDocument[]> {
    const answer = (await call('GET', `${base}/${path}?pageSize=300`)) as
      { documents?: RestDocument[] } | undefined;
    return answer?.documents ?? [];
  }

  return {
    name: 'firebase',

    async reset() {
      // A reply the chat service is still writing for the last journey would fail on a deleted conversation
      // (and log it): let it finish first.
      // (A reply left streaming for good is not this reset's business: it goes on after REPLY_SETTLE_MS.)
      const settleBy = Date.now() + REPLY_SETTLE_MS;
      while ((await repliesBeingWritten()) > 0 && Date.now() < settleBy) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The businesses and their handles stay as `npm run businesses -- import` wrote them; everything
      // visitors and the chat service made goes: conversations and their messages, the businesses' feeds,
      // the per-phone signup markers, the assistant's memory (whatever collections they live in).
      const names: string[] = [];
      for (const collection of await collectionIds('')) {
        if (!SEEDED.has(collection)) names.push(...(await documentsUnder(collection)));
      }
      for (const business of await list('businesses')) {
        const path = business.name.slice(`${root}/`.length);
        for (const sub of await collectionIds(path)) names.push(...(await documentsUnder(`${path}/${sub}`)));
      }
      await deleteAll(names);
      await clearAccounts();
    },

    async phoneCode(phoneNumber) {
      const code = await latestCode(phoneNumber);
      if (code === null) throw new Error(`the Auth emulator has sent no code to ${phoneNumber}`);
      return code;
    },

    // Phone sign-in gives a new account no display name: the feed names the phone number (§3).
    testVisitorSignupMessage: '+15555550100 signed up.',

    async conversation(id) {
      const document = (await call('GET', `${base}/conversations/${encodeURIComponent(id)}`)) as
        RestDocument | undefined;
      if (!document) return undefined;
      const fields = fromRestFields(document.fields ?? {}) as {
        lastMessage?: { text: string; sender: string } | null;
        signupFeedPosted?: boolean;
      };
      const messages = await list(`conversations/${encodeURIComponent(id)}/messages`);
      return {
        id,
        messageCount: messages.length,
        lastMessage: fields.lastMessage
          ? { text: fields.lastMessage.text, sender: fields.lastMessage.sender }
          : null,
        signupFeedPosted: fields.signupFeedPosted === true,
      };
    },

    async feed(businessId) {
      const documents = await list(`businesses/${encodeURIComponent(businessId)}/feed`);
      return documents
        .sort((a, b) => (a.createTime ?? '').localeCompare(b.createTime ?? ''))
        .map((document) => {
          const fields = fromRestFields(document.fields ?? {}) as Partial<StoredFeedItem>;
          return {
            type: String(fields.type),
            message: String(fields.message),
            conversationId: String(fields.conversationId),
            customerPhone: fields.customerPhone ?? null,
            customerName: fields.customerName ?? null,
            ...(fields.request !== undefined ? { request: fields.request } : {}),
          };
        });
    },

    async passMoreThanADay(_page: Page, id) {
      // The emulator's clock cannot move: the conversation's expiry moves back instead, as the Admin SDK
      // would write it, so the backend (rules, chat service) and the page both find it expired.
      const expiredAt = new Date(Date.now() - AN_HOUR_MS).toISOString();
      await call('PATCH', `${base}/conversations/${encodeURIComponent(id)}?updateMask.fieldPaths=expiredAt`, {
        fields: { expiredAt: { timestampValue: expiredAt } },
      });
    },

    async storeCutReply(id, question, text) {
      const messages = `${base}/conversations/${encodeURIComponent(id)}/messages`;
      const askedAt = Date.now();
      await call('POST', messages, {
        fields: {
          role: { stringValue: 'user' },
          text: { stringValue: question },
          createdAt: { timestampValue: new Date(askedAt).toISOString() },
        },
      });
      await call('POST', messages, {
        fields: {
          role: { stringValue: 'model' },
          text: { stringValue: text },
          cut: { booleanValue: true },
          createdAt: { timestampValue: new Date(askedAt + 1).toISOString() },
        },
      });
    },

    async cutConnection() {
      // Only Firestore's connection: the browser stays online, so 'Reconnecting…' can come from nothing
      // but the Firestore stream's own state (served from cache).
      const relay = inject('firestoreCutUrl');
      const post = async (what: 'cut' | 'restore') => {
        const response = await fetch(`${relay}/${what}`, { method: 'POST' });
        if (!response.ok) throw new Error(`the Firestore relay's ${what} answered ${response.status}`);
      };
      await post('cut');
      return () => post('restore');
    },

    writeIn(request) {
      if (request.method() !== 'POST') return null;
      const path = new URL(request.url()).pathname;
      if (path.endsWith(REST_COMMIT)) return restWritesIn(request.postData() ?? '');
      if (path.endsWith(WRITE_CHANNEL)) return firestoreWritesIn(request.postData() ?? '');
      return null;
    },
    writeRequests: (url) => url.pathname.endsWith(REST_COMMIT) || url.pathname.endsWith(WRITE_CHANNEL),

    // The Firestore SDK notices a connection that went silent (the browser still online) only when its
    // channel's own retries give up: 28–40 s measured on this machine. The page says 'Reconnecting…' then.
    connectionLossNoticeMs: 75_000,

    askFromElsewhere: (id, businessId, text) =>
      askOnOtherDevice(
        // The page's own backend, configured as scripts/lib/firebase-stack.mjs builds the page.
        createFirebaseBackend({
          firebase: {
            apiKey: 'demo-api-key',
            authDomain: `${projectId}.firebaseapp.com`,
            projectId,
            appId: '1:000000000000:web:0000000000000000',
          },
          chatServiceUrl: inject('webUrl'),
          firestoreEmulatorHost: inject('firestoreEmulatorHost'),
          authEmulatorHost: inject('authEmulatorHost'),
        }),
        id,
        businessId,
        text,
      ),
  };
}
