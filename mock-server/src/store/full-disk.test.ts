/**
 * The data file on a disk that fills up (issue 22), on a 2 MiB volume each test makes itself: a
 * tmpfs where this process may mount one, else a file layer that counts bytes against the same size
 * (testing/small-disk.ts). Writes answer 503 while the disk is full and nothing changes; everything
 * recovers by itself when space returns; no acknowledged write is lost across a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTROL_CALL_HEADERS, CONTROL_ROUTES, DATA_ROUTES, HEALTH_PATH } from '@chat/core';
import type { Message } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { createControllableClock } from '../clock.js';
import { createReplyStreamer } from '../live/reply-streamer.js';
import { anonymousConversationBody, createConversation, waitFor } from '../testing/test-server.js';
import { endOnPageBoundary, openSmallDisk } from '../testing/small-disk.js';
import type { SmallDisk } from '../testing/small-disk.js';
import { loadFixtures } from './fixtures.js';
import { createMemoryStore } from './memory-store.js';
import type { MemoryStoreOptions } from './memory-store.js';

const { businesses } = loadFixtures();
const DISK_BYTES = 2 * 1024 * 1024;

let disk: SmallDisk;
let file: string;
const servers: ChatMockServer[] = [];
beforeEach(() => {
  disk = openSmallDisk(DISK_BYTES);
  file = path.join(disk.dir, 'store.jsonl');
});
afterEach(async () => {
  try {
    for (const server of servers.splice(0)) await server.close();
  } finally {
    disk.close();
  }
});

function logCollector() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return {
    logger,
    text: () => lines.join(''),
    count: (text: string) => lines.filter((l) => l.includes(text)).length,
  };
}

/** A server on the small disk's data file; `store` options override the defaults. */
function serverOnDisk(store: Partial<MemoryStoreOptions> = {}): ChatMockServer {
  const server = createApp({
    watchScenarios: false,
    store: createMemoryStore({
      businesses,
      clock: createControllableClock(),
      logger: pino({ level: 'silent' }),
      dataFile: file,
      fileSystem: disk.fileSystem,
      ...store,
    }),
  });
  servers.push(server);
  return server;
}

/** The store as a restart on a disk with space reads it (plain node:fs). */
function reopened() {
  return createMemoryStore({
    businesses,
    clock: createControllableClock(),
    logger: pino({ level: 'silent' }),
    dataFile: file,
  });
}

const tempFiles = () => fs.readdirSync(disk.dir).filter((name) => name.endsWith('.tmp'));
const fileLines = () => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
const health = async (server: ChatMockServer) =>
  (await request(server.app).get(HEALTH_PATH)).body as {
    storage: ReturnType<ChatMockServer['store']['health']>;
  };

describe('on a full disk', { timeout: 30_000 }, () => {
  it('a failed compaction deletes its temp file and is not retried after every write; writes go on, and it succeeds once space returns', async () => {
    let now = 0;
    const log = logCollector();
    const server = serverOnDisk({
      logger: log.logger,
      compactAfter: 100,
      retry: { now: () => now, firstMs: 60_000 },
    });
    const { store } = server;
    const { id } = createConversation(server);
    for (let i = 0; i < 300; i++) store.addMessage(id, { role: 'user', text: `${i} ${'x'.repeat(1000)}` });
    // Room for many small lines, not for a snapshot of the whole store (≈ 320 KB).
    disk.fill(64 * 1024);

    const patch = (n: number) =>
      request(server.app)
        .patch(DATA_ROUTES.lastMessage(id))
        .send({ lastMessage: { text: `update ${n}`, sender: 'user', sentAt: n, messageId: 'm' } });
    // The journal passes its compaction threshold (as many lines as documents) within these.
    for (let n = 1; n <= 60; n++) {
      expect((await patch(n)).status, `PATCH ${n}`).toBe(204);
      expect(tempFiles()).toEqual([]);
    }
    expect(log.count('data file compaction failed (ENOSPC)')).toBe(1);
    const failing = (await health(server)).storage;
    expect(failing.writable).toBe(true);
    expect(failing.compaction).toMatchObject({ failures: 1, lastError: 'ENOSPC', nextAttemptInMs: 60_000 });

    disk.free();
    now += 60_000;
    expect((await patch(61)).status).toBe(204);
    expect(fileLines()).toBe(1); // compacted: the snapshot alone
    expect((await health(server)).storage.compaction).toEqual({
      failures: 0,
      lastError: null,
      nextAttemptInMs: null,
    });
    await server.close();

    const restarted = reopened();
    expect(restarted.messages(id)).toHaveLength(300);
    expect(restarted.getConversation(id)?.lastMessage?.text).toBe('update 61');
    restarted.close();
  });

  it('answers writes 503, changes nothing, and takes them again by itself once space returns', async () => {
    const server = serverOnDisk();
    const { id } = createConversation(server);
    const send = (text: string) =>
      request(server.app).post(DATA_ROUTES.messages(id)).send({ role: 'user', text });
    const acknowledged: string[] = [];
    disk.fill();
    // The file's last page may still hold a line or two; then the disk refuses.
    let refused: request.Response | null = null;
    for (let i = 0; i < 100 && !refused; i++) {
      const res = await send(`before ${i} ${'y'.repeat(200)}`);
      if (res.status === 201) acknowledged.push(`before ${i} ${'y'.repeat(200)}`);
      else refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body.error).toMatchObject({ code: 'unavailable' });
    expect(refused?.body.error.message).toContain('ENOSPC');
    expect(server.store.messages(id).map((m) => m.text)).toEqual(acknowledged);
    expect((await health(server)).storage).toMatchObject({ writable: false, persistence: 'file' });

    disk.free();
    expect((await send('after')).status).toBe(201);
    acknowledged.push('after');
    expect((await health(server)).storage).toMatchObject({ writable: true, problem: null });
    await server.close();
    const restarted = reopened();
    expect(restarted.messages(id).map((m) => m.text)).toEqual(acknowledged);
    restarted.close();
  });

  it('refuses a reset with 503 and resets nothing, then resets everything once space returns', async () => {
    const server = serverOnDisk();
    const { id } = createConversation(server);
    server.faults.add({ operation: 'chat', error: 500 });
    disk.fill();

    const refused = await request(server.app).post(CONTROL_ROUTES.reset).set(CONTROL_CALL_HEADERS).send({});
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toContain('nothing was reset');
    expect(server.store.getConversation(id)).not.toBeNull();
    expect(server.faults.list()).toHaveLength(1);
    expect(tempFiles()).toEqual([]);

    disk.free();
    const reset = await request(server.app).post(CONTROL_ROUTES.reset).set(CONTROL_CALL_HEADERS).send({});
    expect(reset.status).toBe(200);
    expect(server.store.getConversation(id)).toBeNull();
    expect(server.faults.list()).toEqual([]);
  });

  it('completes a reply whose streaming stopped at a failed write once writes succeed again, without a restart', async () => {
    const server = serverOnDisk({ retry: { firstMs: 20 } });
    const { store } = server;
    const { id } = createConversation(server);
    const changes: Message[] = [];
    store.onMessage(({ message }) => changes.push(message));
    disk.fill(16 * 1024);
    const streamer = createReplyStreamer(
      store,
      { chunkChars: 500, intervalMs: 1 },
      pino({ level: 'silent' }),
    );
    const reply = streamer.start(id, { text: 'z'.repeat(30_000) });
    await reply.done; // stopped at the first chunk the disk refused
    const cut = store.messages(id).find((m) => m.id === reply.created.message.id)!;
    expect(cut.streaming).toBe(true);

    disk.free();
    await waitFor(() => !store.messages(id)[0]!.streaming, 5000, 'the cut reply to be completed');
    expect(changes.at(-1)).toMatchObject({ id: cut.id, text: cut.text });
    expect(changes.at(-1)?.streaming).toBeUndefined();
    expect(store.health().repliesToComplete).toBe(0);
    await server.close();
    const restarted = reopened();
    expect(restarted.messages(id)[0]).toMatchObject({ text: cut.text });
    expect(restarted.messages(id)[0]?.streaming).toBeUndefined();
    restarted.close();
  });
});

describe('starting on a full disk', { timeout: 30_000 }, () => {
  it('writes nothing when nothing changed, serves reads, answers writes 503, and recovers by itself when space returns', async () => {
    // A previous process: the scenarios' businesses seeded, a conversation, and a reply cut by a crash.
    const first = serverOnDisk();
    const { id } = createConversation(first);
    first.store.addMessage(id, { role: 'user', text: 'Where are you?' });
    const cut = first.store.addMessage(id, { role: 'model', text: 'We are at', streaming: true });
    endOnPageBoundary(file, (padding) => first.store.addMessage(id, { role: 'user', text: padding }));
    await first.close();
    const linesBefore = fileLines();

    disk.fill();
    const log = logCollector();
    const server = serverOnDisk({ logger: log.logger, retry: { firstMs: 20 } });
    expect(fileLines()).toBe(linesBefore); // seeding the same businesses again wrote nothing
    const read = await request(server.app).get(DATA_ROUTES.conversation(id));
    expect(read.status).toBe(200);
    expect((await health(server)).storage).toMatchObject({ writable: false, repliesToComplete: 1 });
    expect(log.text()).toContain('replies cut by the previous process are completed once it can');
    const refused = await request(server.app)
      .post(DATA_ROUTES.messages(id))
      .send({ role: 'user', text: 'hi' });
    expect(refused.status).toBe(503);

    disk.free();
    await waitFor(() => server.store.health().repliesToComplete === 0, 5000, 'the cut reply to be completed');
    expect(server.store.messages(id).find((m) => m.id === cut.message.id)?.streaming).toBeUndefined();
    expect(
      (await request(server.app).post(DATA_ROUTES.messages(id)).send({ role: 'user', text: 'hi' })).status,
    ).toBe(201);
    await server.close();

    // Later starts with nothing changed add no line either.
    const settled = fileLines();
    for (let i = 0; i < 2; i++) await serverOnDisk().close();
    expect(fileLines()).toBe(settled);
  });

  it('starts read-only when the data file cannot even be created, and creates it once space returns', async () => {
    disk.fill();
    const log = logCollector();
    const server = serverOnDisk({ logger: log.logger, retry: { firstMs: 20 } });
    expect(log.text()).toContain('The server starts read-only');
    expect((await request(server.app).get(DATA_ROUTES.businessById('bella-vista-salon'))).status).toBe(200);
    const create = () =>
      request(server.app).post(DATA_ROUTES.conversations).send(anonymousConversationBody());
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toContain('read-only');
    expect(server.store.listConversations()).toEqual([]);

    disk.free();
    await waitFor(() => server.store.health().writable, 5000, 'the data file to be created');
    const created = await create();
    expect(created.status).toBe(201);
    await server.close();
    const restarted = reopened();
    expect(restarted.getConversation((created.body as { id: string }).id)).not.toBeNull();
    restarted.close();
  });
});
