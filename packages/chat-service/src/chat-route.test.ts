/**
 * The chat route's steps before the assistant, without Firestore: the token's verification and the
 * turn's reads go out together (one wait, not three in a row), and the refusals keep their order.
 * The emulator suite (chat-service.emulator.test.ts) covers what is written.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Assistant } from '@chat/assistant';
import { contractBusiness } from '@chat/contract';
import { CHAT_PATH, ProviderError } from '@chat/core';
import type { Conversation, Message } from '@chat/core';
import { createDrain, createMemoryAnsweredTurns, errorHandler } from '@chat/server-http';
import express from 'express';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { chatRoute } from './chat-route.js';
import type { CallLimits, CounterReading } from './firestore-call-limits.js';
import type { ChatStore } from './firestore-chat-store.js';
import type { TokenVerifier } from './id-token.js';

const business = contractBusiness();
const NOW = Date.UTC(2026, 10, 26, 12);
const conversation: Conversation = {
  id: 'conversation-1',
  businessId: business.id,
  userId: null,
  userType: 'anonymous',
  summaryFeedPosted: false,
  signupFeedPosted: false,
  contextType: 'enduser',
  createdAt: NOW - 60_000,
  updatedAt: NOW - 60_000,
  expiredAt: NOW + 60_000,
  isOutsideBusinessHours: false,
  lastMessage: null,
};

/** Resolves when every name in `names` has been called. */
function callLog() {
  const called = new Set<string>();
  const waiting: Array<{ names: string[]; resolve: () => void }> = [];
  return {
    call(name: string) {
      called.add(name);
      for (const w of waiting.splice(0)) {
        if (w.names.every((n) => called.has(n))) w.resolve();
        else waiting.push(w);
      }
    },
    has: (name: string) => called.has(name),
    all(names: string[]): Promise<void> {
      if (names.every((n) => called.has(n))) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ names, resolve }));
    },
  };
}

/** A store over fixed documents that records its calls; every read waits for `gate`. */
function fakeStore(
  log: ReturnType<typeof callLog>,
  gate: Promise<void>,
  found = true,
  saved: () => Promise<void> = async () => {},
  stored: Message[] = [],
): ChatStore {
  return {
    async savedMessage(conversationId, messageId, _waitMs, withdrawn) {
      log.call('saved-message');
      withdrawn.addEventListener('abort', () => log.call('withdrawn'));
      await saved();
      // As Firestore's: a caller gone stops the wait.
      if (withdrawn.aborted) throw new ProviderError('unavailable', 'The caller withdrew the request');
      log.call('saved');
      return { id: messageId, role: 'user', text: 'Hi', createdAt: NOW };
    },
    async read() {
      log.call('read');
      await gate;
      return found ? { conversation, business } : { conversation: null, business };
    },
    async history() {
      log.call('history');
      await gate;
      return stored;
    },
    async memory() {
      log.call('memory');
      await gate;
      return null;
    },
    async endAbandonedReplies() {
      return [];
    },
    newMessage: () => ({ id: 'reply-1' }) as DocumentReference,
    deleteAt: () => Timestamp.fromMillis(NOW),
    turns: { ...createMemoryAnsweredTurns(), settleIn() {} },
    async addTeamRequest() {},
    async endTurn() {},
  };
}

const silentAssistant: Assistant = {
  async respond(input) {
    histories.push(input.history);
  },
};
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** Limits with room for every call: their own tests are in call-limits.emulator.test.ts. */
const roomForEveryCall: CallLimits = {
  read: async () => ({ full: null, take: async () => ({ ok: true }) }),
};

async function serve(store: ChatStore, auth: TokenVerifier, limits = roomForEveryCall): Promise<string> {
  const logger = pino({ level: 'silent' });
  const app = express();
  app.use(express.json());
  app.use(
    chatRoute({
      store,
      auth,
      assistant: silentAssistant,
      now: () => NOW,
      pace: { chunkChars: 0, intervalMs: 0 },
      minWriteIntervalMs: 250,
      savedMessageWaitMs: 10_000,
      limits,
      visitorWindow: { max: 100, windowMs: 60_000 },
      conversationWindow: { max: 100, windowMs: 60_000 },
      drain: createDrain(),
      leaseMs: 15_000,
      logger,
    }),
  );
  app.use(errorHandler(logger));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${CHAT_PATH}`;
}

/** The history each turn gave the assistant. */
const histories: Message[][] = [];
afterEach(() => {
  histories.length = 0;
});

const send = (url: string, token: string, fields: Record<string, unknown> = {}, signal?: AbortSignal) =>
  fetch(url, {
    ...(signal ? { signal } : {}),
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      message: 'Hi',
      conversationId: conversation.id,
      businessId: business.id,
      profileId: business.id,
      contextType: 'enduser',
      userTimezone: 'UTC',
      ...fields,
    }),
  });

type DecodedToken = Awaited<ReturnType<TokenVerifier['verifyIdToken']>>;
/** What verifyIdToken gives for a visitor who verified their phone (Firebase's claims). */
const PHONE_TOKEN = {
  uid: 'visitor-1',
  phone_number: '+15555550100',
  firebase: { sign_in_provider: 'phone' },
} as unknown as DecodedToken;
const validToken: TokenVerifier = { verifyIdToken: async () => PHONE_TOKEN };

describe('a send that names the message still being saved (decision 0025)', () => {
  it('runs the turn only once the message is stored, the assistant seeing it in its history', async () => {
    const log = callLog();
    let land = () => {};
    const landed = new Promise<void>((resolve) => (land = resolve));
    const url = await serve(
      fakeStore(log, Promise.resolve(), true, () => landed),
      validToken,
    );
    let answered = false;
    const answer = send(url, 'a-token', { messageId: 'message-1' }).then((response) => {
      answered = true;
      return response;
    });
    await log.all(['saved-message', 'read', 'history', 'memory']);
    expect(histories).toEqual([]);
    expect(answered).toBe(false);
    land();
    expect((await answer).status).toBe(200);
    expect(histories).toEqual([[{ id: 'message-1', role: 'user', text: 'Hi', createdAt: NOW }]]);
  });

  it('answers 409 message-not-saved when the message never lands, and runs no turn', async () => {
    const log = callLog();
    const notSaved = async () => {
      throw new ProviderError('message-not-saved', 'messageId: message message-1 was not saved');
    };
    const url = await serve(fakeStore(log, Promise.resolve(), true, notSaved), validToken);
    const response = await send(url, 'a-token', { messageId: 'message-1' });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('message-not-saved');
    expect(histories).toEqual([]);
  });

  it('stops waiting, and runs no turn, when the caller withdraws the call', async () => {
    const log = callLog();
    const url = await serve(
      fakeStore(log, Promise.resolve(), true, () => log.all(['withdrawn'])),
      validToken,
    );
    const question = new AbortController();
    const call = send(url, 'a-token', { messageId: 'message-1' }, question.signal).catch(
      (error: unknown) => error,
    );
    await log.all(['saved-message']);
    question.abort();
    await log.all(['withdrawn']);
    expect(await call).toBeInstanceOf(Error);
    expect(histories).toEqual([]);
  });

  it('regression: a call waiting for the turn of a call that was withdrawn runs the turn itself, and is answered', async () => {
    // The page withdraws its question when the message's save times out, and its Retry asks again while
    // the first call's claim still runs: the withdrawal was that call's failure, not the Retry's.
    const log = callLog();
    const store = fakeStore(log, Promise.resolve(), true, () => log.all(['withdrawn']));
    const claim = store.turns.claim.bind(store.turns);
    let claims = 0;
    store.turns.claim = (...args) => {
      const claimed = claim(...args);
      log.call(`claim-${(claims += 1)}`);
      return claimed;
    };
    const url = await serve(store, validToken);
    const first = new AbortController();
    const withdrawn = send(url, 'a-token', { messageId: 'message-1' }, first.signal).catch(
      (error: unknown) => error,
    );
    await log.all(['saved-message', 'claim-1']);
    const retry = send(url, 'a-token', { messageId: 'message-1' });
    await log.all(['claim-2']);
    first.abort();

    expect(await withdrawn).toBeInstanceOf(Error);
    const response = await retry;
    expect(response.status).toBe(200);
    expect(histories).toHaveLength(1);
  });

  it('answers a missing conversation 404 at once, without waiting for the message', async () => {
    const log = callLog();
    const url = await serve(
      fakeStore(log, Promise.resolve(), false, () => new Promise(() => {})),
      validToken,
    );
    const response = await send(url, 'a-token', { messageId: 'message-1' });
    expect(response.status).toBe(404);
  });

  it('does not wait for anything when no messageId is named (the message was saved first)', async () => {
    const log = callLog();
    const url = await serve(
      fakeStore(log, Promise.resolve(), true, () => new Promise(() => {})),
      validToken,
    );
    expect((await send(url, 'a-token')).status).toBe(200);
    expect(log.has('saved-message')).toBe(false);
  });

  it('refuses a messageId that is not a document id (400 naming it)', async () => {
    const url = await serve(fakeStore(callLog(), Promise.resolve()), validToken);
    const response = await send(url, 'a-token', { messageId: 'a/b' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/messageId/);
  });
});

describe('the chat route before the assistant', () => {
  it("verifies the visitor's token while the conversation, business, history and memory are read", async () => {
    const log = callLog();
    const reads = log.all(['read', 'history', 'memory']);
    // The token is only verified once every read has gone out: one after the other, this would never answer.
    const failAfter = (ms: number) =>
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the reads waited for the token')), ms).unref(),
      );
    const auth: TokenVerifier = {
      verifyIdToken: async () => {
        log.call('verify');
        await Promise.race([reads, failAfter(5_000)]);
        return PHONE_TOKEN;
      },
    };
    // And the reads answer only once the verification has started: neither waits for the other.
    const url = await serve(fakeStore(log, log.all(['verify'])), auth);
    const response = await send(url, 'a-token');
    expect(await response.json()).toEqual({});
    expect(response.status).toBe(200);
  });

  it('refuses a bad token first (401), whatever the reads found, as when it was verified before them', async () => {
    const log = callLog();
    const auth: TokenVerifier = {
      verifyIdToken: async () => {
        throw Object.assign(new Error('expired'), { code: 'auth/id-token-expired' });
      },
    };
    const url = await serve(fakeStore(log, Promise.resolve(), false), auth);
    const response = await send(url, 'an-expired-token');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'The ID token has expired; refresh it.' },
    });
  });

  it('refuses a valid token that was not signed in with a phone number (401 naming its provider, issue 27 item 5)', async () => {
    const log = callLog();
    const auth: TokenVerifier = {
      verifyIdToken: async () =>
        ({ ...PHONE_TOKEN, firebase: { sign_in_provider: 'password' } }) as unknown as DecodedToken,
    };
    const url = await serve(fakeStore(log, Promise.resolve()), auth);
    const response = await send(url, 'an-email-token');
    expect(response.status).toBe(401);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toContain('"password", not a phone number');
  });

  it('refuses a bad token without waiting for reads that do not answer (Firestore slow or unreachable)', async () => {
    const log = callLog();
    const auth: TokenVerifier = {
      verifyIdToken: async () => {
        throw Object.assign(new Error('forged'), { code: 'auth/argument-error' });
      },
    };
    const never = new Promise<void>(() => {});
    const url = await serve(fakeStore(log, never), auth);
    const response = await send(url, 'a-forged-token');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('answers a missing conversation 404 with a valid token, the history read for nothing left unused', async () => {
    const log = callLog();
    const auth: TokenVerifier = {
      verifyIdToken: async () => PHONE_TOKEN,
    };
    const url = await serve(fakeStore(log, Promise.resolve(), false), auth);
    const response = await send(url, 'a-token');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not-found');
  });
});

describe("the call's limits beside the turn's other round trips", () => {
  /** Limits whose read and count are logged; the count answers only once `counting` resolves. */
  function gatedLimits(
    log: ReturnType<typeof callLog>,
    counting: Promise<void>,
    counted: CounterReading['take'],
  ) {
    return {
      read: async () => {
        log.call('limits-read');
        return {
          full: null,
          take: async () => {
            log.call('limits-take');
            await counting;
            return counted();
          },
        };
      },
    } satisfies CallLimits;
  }

  it("reads the counters while the turn's documents are read, and claims the turn while counting the call", async () => {
    const log = callLog();
    // The documents answer only once the counters are being read, and the count only once the
    // turn is being claimed: one after the other, this call would never answer.
    const store = fakeStore(log, log.all(['limits-read']));
    const claim = store.turns.claim.bind(store.turns);
    store.turns.claim = (...args) => {
      log.call('claim');
      return claim(...args);
    };
    const url = await serve(
      store,
      validToken,
      gatedLimits(log, log.all(['claim']), async () => ({ ok: true })),
    );
    const answer = await send(url, 'a-token', { messageId: 'message-1' });
    expect(answer.status).toBe(200);
    expect(histories).toHaveLength(1);
  });

  it('refuses a call over its limit (429, Retry-After) and gives its claim back, so a later call runs the turn', async () => {
    const log = callLog();
    const store = fakeStore(log, Promise.resolve());
    let full = true;
    const url = await serve(
      store,
      validToken,
      gatedLimits(log, Promise.resolve(), async () =>
        full ? { ok: false, kind: 'visitor', retryAfterMs: 30_000 } : { ok: true },
      ),
    );
    const refused = await send(url, 'a-token', { messageId: 'message-1' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('too-many-requests');
    expect(histories).toEqual([]);

    full = false;
    const later = await send(url, 'a-token', { messageId: 'message-1' });
    expect(later.status).toBe(200);
    expect(histories).toHaveLength(1);
  });

  it('refuses a call whose counter was already full at the read, without counting or claiming it', async () => {
    const log = callLog();
    const store = fakeStore(log, Promise.resolve());
    store.turns.claim = () => Promise.reject(new Error('a call refused by the read claims nothing'));
    const refusal = { ok: false, kind: 'conversation', retryAfterMs: 1_500 } as const;
    const url = await serve(store, validToken, {
      read: async () => ({ full: refusal, take: async () => refusal }),
    });
    const refused = await send(url, 'a-token', { messageId: 'message-1' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(histories).toEqual([]);
  });
});

describe('what the chat route refuses before any assistant runs, as the mock server does (@chat/server-http)', () => {
  const resume = (url: string, action: 'PHONE_SIGN_IN' | 'PHONE_SIGN_IN_DECLINED', messageId: string) =>
    send(url, 'a-token', {
      message: undefined,
      messageId,
      resume: {
        respond: [
          {
            toolRequest: { name: 'requestPhoneSignIn', ref: 'r1' },
            response: { requiresAuth: true, action, message: 'Verify later', declined: true },
          },
        ],
      },
    });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string; message: string } }).error;

  it('refuses a blank message 400 invalid-argument naming message', async () => {
    // Before: "   " ran a turn and stored a reply.
    const url = await serve(fakeStore(callLog(), Promise.resolve()), validToken);
    const response = await send(url, 'a-token', { message: '   ' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      code: 'invalid-argument',
      message: 'message: must not be blank',
    });
    expect(histories).toEqual([]);
  });

  it('refuses a resume when no phone sign-in is pending (400 failed-precondition), and runs no turn', async () => {
    // Before: a decline with nothing to decline was answered 200 by the assistant.
    const decline: Message = { id: 'decline-1', role: 'user', text: 'Verify later', createdAt: NOW };
    const reply: Message = { id: 'reply-0', role: 'model', text: 'Sure.', createdAt: NOW - 2 };
    for (const stored of [[decline], [reply, decline]]) {
      const url = await serve(fakeStore(callLog(), Promise.resolve(), true, undefined, stored), validToken);
      const response = await resume(url, 'PHONE_SIGN_IN_DECLINED', decline.id);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('failed-precondition');
      expect(error.message).toContain('is not waiting for a phone sign-in');
    }
    expect(histories).toEqual([]);
  });

  it("runs a resume that answers the stored auth message, the visitor's answer after it", async () => {
    const auth: Message = {
      id: 'auth-1',
      role: 'model',
      type: 'auth',
      text: 'Almost there!',
      createdAt: NOW - 2,
      toolRequest: { name: 'requestPhoneSignIn', ref: 'r1' },
    };
    const decline: Message = { id: 'decline-1', role: 'user', text: 'Verify later', createdAt: NOW };
    const url = await serve(
      fakeStore(callLog(), Promise.resolve(), true, undefined, [auth, decline]),
      validToken,
    );
    expect((await resume(url, 'PHONE_SIGN_IN_DECLINED', decline.id)).status).toBe(200);
    expect(histories).toHaveLength(1);
  });
});
