/**
 * The StackDriver (stack.ts) of the Firebase stack: the Firestore emulator's REST API as the "owner"
 * (bypassing the rules, as the operator's Admin SDK tools do), the Auth emulator's own endpoints
 * (../../firebase-e2e/support/auth-emulator.ts), and the chat service through the page's origin.
 */
import { createFirebaseBackend } from '@chat/firebase';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  fromRestFields,
  type RestValue,
} from '../../../packages/firebase/src/testing/firestore-rest-values.js';
import { clearAccounts, latestCode } from '../../firebase-e2e/support/auth-emulator.js';
import '../../firebase-e2e/support/provided.js';
import { askOnOtherDevice } from './other-device.js';
import type { StackDriver, StoredFeedItem } from './stack.js';

const OWNER = { authorization: 'Bearer owner' };
const AN_HOUR_MS = 60 * 60 * 1000;
/** The longest a reply takes to finish writing on this stack (about a second; a busy machine is slower). */
const REPLY_SETTLE_MS = 15_000;
/** The root collections the businesses tool writes (packages/admin): kept by reset(). */
const SEEDED = new Set(['businesses', 'handles']);

interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
  createTime?: string;
}

export function createFirebaseStackDriver(): StackDriver {
  const projectId = inject('firebaseProjectId');
  const root = `projects/${projectId}/databases/(default)/documents`;
  const base = `http://${inject('firestoreEmulatorHost')}/v1/${root}`;

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

  /** The ids of the collections under `parent` (a document path below `root`, or '' for the root). */
  async function collectionIds(parent: string): Promise<string[]> {
    const url = parent ? `${base}/${parent}:listCollectionIds` : `${base}:listCollectionIds`;
    const answer = (await call('POST', url, { pageSize: 300 })) as { collectionIds?: string[] } | undefined;
    return answer?.collectionIds ?? [];
  }

  /**
   * The full names of every document in `collection` (a path below `root`) and below it, deepest first —
   * documents that hold only subcollections included.
   */
  async function documentsUnder(collection: string): Promise<string[]> {
    const answer = (await call(
      'GET',
      `${base}/${collection}?pageSize=300&showMissing=true&mask.fieldPaths=__name__`,
    )) as { documents?: RestDocument[] } | undefined;
    const names: string[] = [];
    for (const { name } of answer?.documents ?? []) {
      const path = name.slice(`${root}/`.length);
      for (const sub of await collectionIds(path)) names.push(...(await documentsUnder(`${path}/${sub}`)));
      names.push(name);
    }
    return names;
  }

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
      for (let start = 0; start < names.length; start += 400) {
        const writes = names.slice(start, start + 400).map((name) => ({ delete: name }));
        await call('POST', `${base}:commit`, { writes });
      }
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
