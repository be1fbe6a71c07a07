/**
 * The StackDriver (stack.ts) of the Firebase stack: the Firestore emulator's REST API as the "owner"
 * (bypassing the rules, as the operator's Admin SDK tools do), the Auth emulator's own endpoints
 * (../../firebase-e2e/support/auth-emulator.ts), and the chat service through the page's origin.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  fromRestFields,
  type RestValue,
} from '../../../packages/firebase/src/testing/firestore-rest-values.js';
import { clearAccounts, latestCode } from '../../firebase-e2e/support/auth-emulator.js';
import '../../firebase-e2e/support/provided.js';
import type { StackDriver, StoredFeedItem } from './stack.js';

const OWNER = { authorization: 'Bearer owner' };
const AN_HOUR_MS = 60 * 60 * 1000;

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

  /** Every document of every collection named `collectionId`, at any depth. */
  async function everyDocumentIn(collectionId: string): Promise<string[]> {
    const rows = (await call('POST', `${base}:runQuery`, {
      structuredQuery: {
        from: [{ collectionId, allDescendants: true }],
        select: { fields: [{ fieldPath: '__name__' }] },
      },
    })) as Array<{ document?: { name: string } }>;
    return rows.flatMap((row) => (row.document ? [row.document.name] : []));
  }

  async function list(path: string): Promise<RestDocument[]> {
    const answer = (await call('GET', `${base}/${path}?pageSize=300`)) as
      { documents?: RestDocument[] } | undefined;
    return answer?.documents ?? [];
  }

  return {
    name: 'firebase',

    async reset() {
      // The businesses stay as `npm run businesses -- import` wrote them; what visitors made goes.
      const names = [
        ...(await everyDocumentIn('messages')),
        ...(await everyDocumentIn('feed')),
        ...(await everyDocumentIn('conversations')),
      ];
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

    async askFromElsewhere(id, businessId, text) {
      // The visitor's message as the page writes it (role, text, the server's time), then the chat call.
      await call('POST', `${base}:commit`, {
        writes: [
          {
            update: {
              name: `${root}/conversations/${id}/messages/${randomUUID().replaceAll('-', '')}`,
              fields: { role: { stringValue: 'user' }, text: { stringValue: text } },
            },
            currentDocument: { exists: false },
            updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }],
          },
        ],
      });
      const response = await fetch(`${inject('webUrl')}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          message: text,
          conversationId: id,
          businessId,
          profileId: businessId,
          userTimezone: 'UTC',
        }),
      });
      if (!response.ok) throw new Error(`/api/chat answered ${response.status}: ${await response.text()}`);
    },
  };
}
