/**
 * No reply left hanging (issue 27 item 4), with the chat service as Cloud Run runs it: the compiled
 * service (build.mjs's dist/main.mjs, as the image runs it) in a child process on the Firestore and
 * Auth emulators — so these tests also prove the bundle reads and writes Firestore — revealing the built-in
 * assistant's reply slowly (2 characters every 150 ms) so that a reply is still streaming when the
 * process is stopped.
 *
 * - `kill -9` mid-reply leaves the reply `streaming: true`; once its lease has lapsed, the next turn of
 *   the conversation (served by a new process) ends it as cut, with what was written kept, and no
 *   message of the conversation is left streaming.
 * - `kill -9` mid-reply, then 'Try again' of the same message (regression): answered at once by a new
 *   attempt, not refused 503 after waiting a minute for the dead attempt's claim.
 * - SIGTERM mid-reply: a new turn is refused 503 with `Retry-After`; the turn in flight is cut (its
 *   caller gets 503 too) and its reply ended, and the process exits by itself.
 *
 * Runs in `npm run test:firestore`; skipped without emulators.
 */
import { contractBusiness } from '@chat/contract';
import type { Business } from '@chat/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminApp,
  callChat,
  emulatorsRunning,
  saveVisitorMessage,
  seedBusiness,
  seedConversation,
} from './testing/emulator-service.js';
import type { ChatCall } from './testing/emulator-service.js';
import { startServiceProcess, stopAll } from './testing/service-process.js';
import type { ServiceProcess } from './testing/service-process.js';

const LEASE_MS = 1_500;
const QUESTION = 'What are your opening hours?';
/** Replies revealed 2 characters every 150 ms, so one is still streaming when the process is stopped. */
const SLOW_REPLIES = {
  STREAM_CHUNK_CHARS: '2',
  STREAM_INTERVAL_MS: '150',
  MIN_WRITE_INTERVAL_MS: '50',
  STREAMING_LEASE_MS: String(LEASE_MS),
  SHUTDOWN_FINISH_MS: '500',
};

// Two process starts (the Admin SDK: about 1 s on a quiet machine, many more seen on a busy one)
// and a reply: generous limits, never a budget.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 30_000 });

describe.skipIf(!emulatorsRunning)(
  'no reply left hanging: the chat service process stopped mid-reply',
  () => {
    const { app, db } = emulatorsRunning ? adminApp() : ({} as ReturnType<typeof adminApp>);
    let business: Business;

    beforeAll(async () => {
      business = { ...contractBusiness(), id: `hanging-${process.pid}` };
      await seedBusiness(db, business);
    });
    afterEach(stopAll);
    afterAll(async () => {
      const { deleteApp } = await import('firebase-admin/app');
      await deleteApp(app);
    });

    const messages = (conversationId: string) =>
      db.collection('conversations').doc(conversationId).collection('messages');

    /**
     * Saves the visitor's message and asks, as the page does; the call is not awaited. With
     * `messageId`, asks again about that saved message, as the page's 'Try again' does.
     */
    async function ask(
      service: ServiceProcess,
      conversationId: string,
      text: string,
      messageId?: string,
    ): Promise<ChatCall> {
      const answered = messageId ?? (await saveVisitorMessage(db, conversationId, text));
      return callChat(service.url, {
        message: text,
        messageId: answered,
        conversationId,
        businessId: business.id,
        profileId: business.id,
        userTimezone: 'UTC',
      });
    }

    /** The reply once it is stored streaming with some text. */
    async function streamingReply(conversationId: string) {
      let found: { id: string; text: string } | null = null;
      await vi.waitFor(
        async () => {
          const snapshot = await messages(conversationId).where('streaming', '==', true).get();
          const doc = snapshot.docs.find((d) => (d.get('text') as string).length >= 4);
          expect(doc).toBeDefined();
          found = { id: doc!.id, text: doc!.get('text') as string };
        },
        { timeout: 20_000, interval: 100 },
      );
      return found!;
    }

    it('kill -9 mid-reply: the next turn ends the reply as cut, with what was written kept, and nothing stays streaming', async () => {
      const conversationId = await seedConversation(db, business.id);
      const first = await startServiceProcess(SLOW_REPLIES);
      const dying = ask(first, conversationId, QUESTION).catch((error: unknown) => error);
      const reply = await streamingReply(conversationId);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(await dying).toBeInstanceOf(Error); // the caller's connection died with the process
      const left = (await messages(conversationId).doc(reply.id).get()).data()!;
      expect(left.streaming).toBe(true);
      const writtenBeforeDeath = left.text as string;
      expect(writtenBeforeDeath.startsWith(reply.text)).toBe(true);
      const second = await startServiceProcess(SLOW_REPLIES);
      // The dead writer's lease lapses (the new process is not its writer: only the lease tells).
      const leaseUntil = (left.streamingLeaseUntil as { toMillis(): number }).toMillis();
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(leaseUntil), { timeout: 10_000 });
      const next = await ask(second, conversationId, 'Where are you?');
      expect(next.status).toBe(200);

      const stored = (await messages(conversationId).get()).docs.map((d) => ({ id: d.id, ...d.data() }));
      expect(stored.filter((m) => (m as { streaming?: unknown }).streaming === true)).toEqual([]);
      const cut = stored.find((m) => m.id === reply.id)!;
      expect(cut).toMatchObject({ role: 'model', cut: true, text: writtenBeforeDeath });
      expect(cut).not.toHaveProperty('streaming');
      expect(cut).not.toHaveProperty('streamingLeaseUntil');
      // The next turn's own reply is complete, not cut.
      const replies = stored.filter((m) => (m as { role?: string }).role === 'model');
      expect(replies).toHaveLength(2);
      expect(replies.find((m) => m.id !== reply.id)).not.toHaveProperty('cut');
      expect(second.output()).toContain('ended a reply its writer abandoned');
    });

    it("kill -9 mid-reply, then 'Try again' of the same message: a new attempt answers it at once", async () => {
      const conversationId = await seedConversation(db, business.id);
      const first = await startServiceProcess(SLOW_REPLIES);
      const questionId = await saveVisitorMessage(db, conversationId, QUESTION);
      const dying = ask(first, conversationId, QUESTION, questionId).catch((error: unknown) => error);
      const reply = await streamingReply(conversationId);
      first.child.kill('SIGKILL');
      await first.exited;
      await dying;
      const second = await startServiceProcess(SLOW_REPLIES);
      // The dead writer's reply lease lapses; its claim's (TURN_LEASE_MS, 90 s) is far from over.
      const left = (await messages(conversationId).doc(reply.id).get()).data()!;
      const leaseUntil = (left.streamingLeaseUntil as { toMillis(): number }).toMillis();
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(leaseUntil), { timeout: 10_000 });

      const again = ask(second, conversationId, QUESTION, questionId);
      // The new attempt's reply starts streaming at once, not after waiting out the dead attempt's
      // claim (TURN_WAIT_MS, 60 s, then 503).
      const models = async () => (await messages(conversationId).where('role', '==', 'model').get()).docs;
      await vi.waitFor(async () => expect((await models()).some((d) => d.id !== reply.id)).toBe(true), {
        timeout: 15_000,
        interval: 200,
      });
      expect((await again).status).toBe(200);
      const docs = await models();
      expect(docs).toHaveLength(2);
      expect(docs.find((d) => d.id === reply.id)!.data()).toMatchObject({ cut: true });
      const answer = docs.find((d) => d.id !== reply.id)!.data();
      expect(answer).not.toHaveProperty('cut');
      expect(answer).not.toHaveProperty('streaming');
    });

    it('SIGTERM mid-reply: new turns get 503 with Retry-After, the reply in flight is ended as cut, and the process exits', async () => {
      const conversationId = await seedConversation(db, business.id);
      const service = await startServiceProcess(SLOW_REPLIES);
      const inFlight = ask(service, conversationId, QUESTION);
      const reply = await streamingReply(conversationId);

      const signalledAt = Date.now();
      service.child.kill('SIGTERM');
      await vi.waitFor(() => expect(service.output()).toContain('stopping: no new turns'), {
        timeout: 5_000,
      });
      const refused = await fetch(`${service.url}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          message: 'Hello?',
          conversationId,
          businessId: business.id,
          profileId: business.id,
        }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unavailable');

      const answered = await inFlight;
      expect(answered.status).toBe(503);
      expect(answered.body.error?.code).toBe('unavailable');
      const exit = await service.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      console.log(`SIGTERM to exit with a reply in flight: ${Date.now() - signalledAt} ms`);

      const ended = (await messages(conversationId).doc(reply.id).get()).data()!;
      expect(ended).toMatchObject({ role: 'model', cut: true });
      expect(ended).not.toHaveProperty('streaming');
      expect((ended.text as string).startsWith(reply.text)).toBe(true);
      expect(service.output()).toContain('reply cut by the shutdown');
    });
  },
);
