/**
 * The data file when writing fails (a full disk, injected through a failing file layer, never a
 * real full disk) and when a previous process left it damaged: no half line behind a failed
 * append, 503s while the file cannot be cleaned up, a torn fragment recovered at start, and a
 * reply cut mid-stream completed at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_ROUTES } from '@chat/core';
import { createApp } from '../app.js';
import { createControllableClock } from '../clock.js';
import { anonymousConversationBody } from '../testing/test-server.js';
import { loadFixtures } from './fixtures.js';
import type { JournalFileSystem } from './journal.js';
import { createMemoryStore } from './memory-store.js';
import type { MemoryStoreOptions } from './memory-store.js';

const { businesses } = loadFixtures();

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-journal-'));
  file = path.join(dir, 'data.jsonl');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function logCollector() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { logger, text: () => lines.join('') };
}

function openStore(options: Partial<MemoryStoreOptions> = {}) {
  return createMemoryStore({
    businesses,
    clock: createControllableClock(),
    logger: pino({ level: 'silent' }),
    dataFile: file,
    ...options,
  });
}

/**
 * node:fs, except that while `spaceLeft` is a number the data file's writes behave like a disk
 * that fills up: bytes are written for real until the space is used up (a short write), then
 * ENOSPC. `truncateFails` makes cutting the file fail as well (EIO).
 */
function fillingDisk() {
  const disk = { spaceLeft: null as number | null, truncateFails: false };
  const fail = (code: string) => Object.assign(new Error(`${code}: injected`), { code });
  const fileSystem: JournalFileSystem = {
    ...fs,
    writeSync: ((fd: number, buffer: Buffer, offset: number, length: number) => {
      if (disk.spaceLeft === null) return fs.writeSync(fd, buffer, offset, length);
      if (disk.spaceLeft === 0) throw fail('ENOSPC');
      const written = fs.writeSync(fd, buffer, offset, Math.min(length, disk.spaceLeft));
      disk.spaceLeft -= written;
      return written;
    }) as typeof fs.writeSync,
    ftruncateSync: (fd, length) => {
      if (disk.truncateFails) throw fail('EIO');
      fs.ftruncateSync(fd, length);
    },
  };
  return { disk, fileSystem };
}

/** Every line of the data file is whole JSON, and the file ends with a newline. */
function expectWholeLines(): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
}

describe('a failed append', () => {
  it('leaves no partial line: the write gets 503, later writes and a restart keep every acknowledged one', async () => {
    const { disk, fileSystem } = fillingDisk();
    const log = logCollector();
    const store = openStore({ fileSystem, logger: log.logger });
    const server = createApp({ store });
    const api = () => request(server.app);
    const { id } = (await api().post(DATA_ROUTES.conversations).send(anonymousConversationBody())).body as {
      id: string;
    };
    const acknowledged: string[] = [];
    const send = (text: string) => api().post(DATA_ROUTES.messages(id)).send({ role: 'user', text });
    for (let i = 1; i <= 6; i++) {
      expect((await send(`message ${i}`)).status).toBe(201);
      acknowledged.push(`message ${i}`);
    }

    disk.spaceLeft = 30; // the next line gets 30 bytes in, then the disk is full
    for (const text of ['lost 1', 'lost 2']) {
      const refused = await send(text);
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('unavailable');
      expect(refused.body.error.message).toContain('ENOSPC');
      expectWholeLines();
    }
    expect(log.text()).toContain('data file write failed (ENOSPC)');

    disk.spaceLeft = null; // space freed
    for (const text of ['message 7', 'message 8']) {
      expect((await send(text)).status).toBe(201);
      acknowledged.push(text);
    }
    await server.close();
    expectWholeLines();

    const reopened = openStore();
    expect(reopened.messages(id).map((m) => m.text)).toEqual(acknowledged);
    reopened.close();
  });

  it('refuses every write (503) while the file cannot be cut back, and resumes once it can', async () => {
    const { disk, fileSystem } = fillingDisk();
    const log = logCollector();
    const store = openStore({ fileSystem, logger: log.logger });
    const { id } = store.createConversation({ ...anonymousConversationBody(), contextType: 'enduser' });
    store.addMessage(id, { role: 'user', text: 'kept' });

    const server = createApp({ store });
    disk.spaceLeft = 10;
    disk.truncateFails = true;
    const send = (text: string) =>
      request(server.app).post(DATA_ROUTES.messages(id)).send({ role: 'user', text });
    expect((await send('torn')).status).toBe(503);
    expect(log.text()).toContain('refusing writes (503) until it can');
    // Space came back, but the fragment is still there: nothing may be appended onto it.
    disk.spaceLeft = null;
    const refused = await send('still refused');
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toContain('not cleaned up yet');
    expect(store.messages(id).map((m) => m.text)).toEqual(['kept']);

    disk.truncateFails = false;
    expect((await send('after the cut')).status).toBe(201);
    expect(log.text()).toContain('writes resume');
    await server.close();
    expectWholeLines();
    const reopened = openStore();
    expect(reopened.messages(id).map((m) => m.text)).toEqual(['kept', 'after the cut']);
    reopened.close();
  });
});

describe('opening a damaged data file', () => {
  it('recovers a torn fragment followed by good lines, reporting its line and byte offset', () => {
    const store = openStore();
    const { id } = store.createConversation({ ...anonymousConversationBody(), contextType: 'enduser' });
    for (const text of ['one', 'two', 'three']) store.addMessage(id, { role: 'user', text });
    store.close();
    // What an older server left after a failed append: half of an unacknowledged line with the
    // next, acknowledged line glued onto it (and more good lines after).
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const torn = '{"op":"message.add","conversationId":"' + id + '","seq":9';
    const offset = Buffer.byteLength(lines.slice(0, 3).join('\n') + '\n', 'utf8');
    lines[3] = torn + lines[3];
    fs.writeFileSync(file, lines.join('\n'));
    const damaged = fs.readFileSync(file);

    const log = logCollector();
    const reopened = openStore({ logger: log.logger });
    expect(reopened.messages(id).map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(log.text()).toContain(
      `line 4: a torn fragment of ${Buffer.byteLength(torn)} bytes at byte ${offset}`,
    );
    const copies = fs.readdirSync(dir).filter((name) => name.includes('.torn-'));
    expect(copies).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, copies[0]!)).equals(damaged)).toBe(true);
    reopened.addMessage(id, { role: 'user', text: 'four' });
    reopened.close();

    // The file was rewritten clean: the next start finds nothing to report.
    expectWholeLines();
    const again = logCollector();
    const third = openStore({ logger: again.logger });
    expect(third.messages(id).map((m) => m.text)).toEqual(['one', 'two', 'three', 'four']);
    expect(again.text()).not.toContain('torn');
    third.close();
  });

  it('completes a reply left streaming by a crashed process, with its text as stored and a new seq', () => {
    const store = openStore();
    const { id } = store.createConversation({ ...anonymousConversationBody(), contextType: 'enduser' });
    store.addMessage(id, { role: 'user', text: 'Where are you?' });
    const reply = store.addMessage(id, { role: 'model', text: 'We are at ', streaming: true });
    store.growMessage(id, reply.message.id, { appendText: '12 Main', streaming: true });
    const seqBefore = store.lastSeq();
    // A crash: the store is never closed and nothing finishes the reply.

    const log = logCollector();
    const reopened = openStore({ logger: log.logger });
    const completed = reopened.messages(id).find((m) => m.id === reply.message.id)!;
    expect(completed.text).toBe('We are at 12 Main');
    expect(completed.streaming).toBeUndefined();
    const changes = reopened.messagesAfter(id, seqBefore);
    expect(changes.map((c) => c.message.id)).toEqual([reply.message.id]);
    expect(log.text()).toContain('completed a reply that was still streaming');
    reopened.close();
    // Completed for good: the next start has nothing to complete.
    const again = logCollector();
    openStore({ logger: again.logger }).close();
    expect(again.text()).not.toContain('still streaming');
  });
});
