import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATION_LIFETIME_MS, MAX_STORED_TEXT_LENGTH, ProviderError } from '@chat/core';
import { createControllableClock } from '../clock.js';
import { loadFixtures } from './fixtures.js';
import { DataFileError } from './data-file-errors.js';
import { UnreadableWriteError } from './journal-entry.js';
import { createMemoryStore } from './memory-store.js';
import type { DocumentStore, MemoryStoreOptions } from './memory-store.js';

const logger = pino({ level: 'silent' });
const { businesses } = loadFixtures();
const conversationInput = {
  businessId: 'bella-vista-salon',
  userId: null,
  userType: 'anonymous',
  contextType: 'enduser',
  isOutsideBusinessHours: true,
} as const;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-store-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function open(options: Partial<MemoryStoreOptions> = {}): DocumentStore {
  return createMemoryStore({ businesses, clock: createControllableClock(), logger, ...options });
}

/** One of every kind of write. */
function writeEverything(store: DocumentStore) {
  store.putBusiness({ ...businesses[1]!, id: 'extra', handle: 'extra' });
  const conversation = store.createConversation(conversationInput);
  store.addMessage(conversation.id, { role: 'user', text: 'hello' });
  const reply = store.addMessage(conversation.id, { role: 'model', text: 'Hi', streaming: true });
  store.growMessage(conversation.id, reply.message.id, { appendText: ' there', streaming: true });
  store.growMessage(conversation.id, reply.message.id, {
    appendText: '!',
    streaming: false,
    smartReplies: [{ type: 'chat', text: 'Thanks' }],
  });
  store.updateLastMessage(conversation.id, { text: 'hello', sender: 'user', sentAt: 5, messageId: 'm' });
  store.markSignupFeedPosted(conversation.id);
  store.addFeedItem('bella-vista-salon', {
    type: 'NEW_SIGNUP',
    customerName: 'Test Visitor',
    customerPhone: '+15555550100',
    conversationId: conversation.id,
    message: 'Test Visitor signed up.',
  });
  return conversation;
}

describe('in memory', () => {
  it('sets times from the clock, expiry 24 h later, and rising sequence numbers', () => {
    const clock = createControllableClock(() => 1_000_000);
    const store = open({ clock });
    const conversation = store.createConversation(conversationInput);
    expect(conversation).toMatchObject({
      createdAt: 1_000_000,
      updatedAt: 1_000_000,
      expiredAt: 1_000_000 + CONVERSATION_LIFETIME_MS,
    });
    const a = store.addMessage(conversation.id, { role: 'user', text: 'a' });
    clock.setOffset(-500);
    const b = store.addMessage(conversation.id, { role: 'user', text: 'b' });
    // The clock went back, yet b is still after a: createdAt order stays the order of writing.
    expect(b.message.createdAt).toBe(a.message.createdAt + 1);
    expect(b.seq).toBe(a.seq + 1);
    const grown = store.growMessage(conversation.id, a.message.id, { appendText: '!', streaming: false });
    expect(grown.seq).toBe(b.seq + 1);
    expect(store.messages(conversation.id).map((m) => m.text)).toEqual(['a!', 'b']);
    expect(store.messagesAfter(conversation.id, a.seq).map((m) => m.message.text)).toEqual(['b', 'a!']);
  });

  it('throws not-found for what does not exist and changes nothing', () => {
    const store = open();
    const before = store.snapshot();
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as ProviderError).code;
      }
      return null;
    };
    expect(codeOf(() => store.createConversation({ ...conversationInput, businessId: 'nobody' }))).toBe(
      'not-found',
    );
    expect(codeOf(() => store.addMessage('nope', { role: 'user', text: 'x' }))).toBe('not-found');
    const { id } = store.createConversation(conversationInput);
    const after = store.snapshot();
    expect(codeOf(() => store.growMessage(id, 'nope', { appendText: 'x', streaming: false }))).toBe(
      'not-found',
    );
    expect(
      codeOf(() => store.addMessage(id, { role: 'model', text: 'x'.repeat(MAX_STORED_TEXT_LENGTH + 1) })),
    ).toBe('invalid-argument');
    expect(
      codeOf(() =>
        store.addFeedItem('nobody', {
          type: 'NEW_SIGNUP',
          customerName: null,
          customerPhone: null,
          conversationId: id,
          message: 'x',
        }),
      ),
    ).toBe('not-found');
    expect(store.snapshot()).toEqual(after);
    expect(after.conversations).toHaveLength(before.conversations.length + 1);
  });

  it('tells listeners about every message change', () => {
    const store = open();
    const { id } = store.createConversation(conversationInput);
    const seen: string[] = [];
    const stop = store.onMessage((change) => seen.push(`${change.seq}:${change.message.text}`));
    const m = store.addMessage(id, { role: 'model', text: 'a', streaming: true });
    store.growMessage(id, m.message.id, { appendText: 'b', streaming: false });
    stop();
    store.addMessage(id, { role: 'user', text: 'unseen' });
    expect(seen).toEqual([`${m.seq}:a`, `${m.seq + 1}:ab`]);
  });

  it('refuses writes once closed', () => {
    const store = open();
    store.close();
    expect(() => store.createConversation(conversationInput)).toThrow(ProviderError);
  });
});

describe('with a data file', () => {
  it('replays every kind of write after a clean close', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file });
    writeEverything(store);
    const expected = store.snapshot();
    store.close();
    expect(open({ dataFile: file }).snapshot()).toEqual(expected);
  });

  it('has every acknowledged write on disk without a close (as after kill -9)', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file });
    writeEverything(store);
    // No close(): the process "dies" here; each write was fdatasync'ed before it returned.
    expect(open({ dataFile: file }).snapshot()).toEqual(store.snapshot());
  });

  it('compacts into a snapshot once the journal outgrows the store, and replays it', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file, compactAfter: 4 });
    const { id } = store.createConversation(conversationInput);
    const reply = store.addMessage(id, { role: 'model', text: '', streaming: true });
    // 3 businesses + 1 conversation + 1 message = 5 documents; 40 updates outgrow that many times over.
    for (let i = 0; i < 40; i++)
      store.growMessage(id, reply.message.id, { appendText: `${i},`, streaming: i < 39 });
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!).op).toBe('snapshot');
    // Compaction waits for more journal lines than the store holds documents (so its cost per write
    // stays constant on average): the journal never holds more than that.
    expect(lines.length - 1).toBeLessThanOrEqual(5);
    expect(fs.existsSync(`${file}.tmp`)).toBe(false);
    expect(open({ dataFile: file }).snapshot()).toEqual(store.snapshot());
  });

  it('does not compact while writes only add documents (the journal is never bigger than the store)', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file, compactAfter: 4 });
    const { id } = store.createConversation(conversationInput);
    for (let i = 0; i < 30; i++) store.addMessage(id, { role: 'user', text: `m${i}` });
    expect(fs.readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(1 + 31);
    expect(open({ dataFile: file }).snapshot()).toEqual(store.snapshot());
  });

  it('journals a streamed reply as deltas, so a line stays small however long the reply', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file });
    const { id } = store.createConversation(conversationInput);
    const reply = store.addMessage(id, { role: 'model', text: 'x'.repeat(10_000), streaming: true });
    const sizeBefore = fs.statSync(file).size;
    store.growMessage(id, reply.message.id, { appendText: 'y', streaming: false });
    expect(fs.statSync(file).size - sizeBefore).toBeLessThan(300);
  });

  it('keeps a reset on disk, with sequence numbers still rising', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file });
    writeEverything(store);
    const seq = store.lastSeq();
    store.reset();
    const reopened = open({ dataFile: file });
    expect(reopened.listConversations()).toEqual([]);
    expect(reopened.getBusiness('extra')).toBeNull();
    expect(reopened.lastSeq()).toBe(seq);
  });

  it('reports a corrupt line by file and line number and leaves the file untouched', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file });
    writeEverything(store);
    store.close();
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines[2] = '{"op": "message.add", "conver';
    const damaged = lines.join('\n');
    fs.writeFileSync(file, damaged);
    expect(() => open({ dataFile: file })).toThrow(DataFileError);
    expect(() => open({ dataFile: file })).toThrow(`Data file ${file}, line 3: not valid JSON`);
    expect(fs.readFileSync(file, 'utf8')).toBe(damaged);
  });

  it('names the line and field of a write that does not fit the schema or the store', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file });
    const { id } = store.createConversation(conversationInput);
    store.close();
    const original = fs.readFileSync(file, 'utf8');
    fs.appendFileSync(
      file,
      JSON.stringify({
        op: 'message.add',
        conversationId: id,
        seq: 99,
        message: { id: 'm', role: 'robot', text: '', createdAt: 1 },
      }) + '\n',
    );
    expect(() => open({ dataFile: file })).toThrow(/line 3: field message\.role/);
    fs.writeFileSync(
      file,
      original + JSON.stringify({ op: 'conversation.signupFeedPosted', id: 'ghost', updatedAt: 1 }) + '\n',
    );
    expect(() => open({ dataFile: file })).toThrow(/line 3: conversation ghost does not exist/);
    fs.writeFileSync(file, '{"op":"message.add"}\n');
    expect(() => open({ dataFile: file })).toThrow(/line 1: not a snapshot/);
  });

  it('moves a torn last line aside (a write cut by a crash, never acknowledged) and keeps the rest', () => {
    const file = path.join(dir, 'data.jsonl');
    const store = open({ dataFile: file });
    writeEverything(store);
    const expected = store.snapshot();
    fs.appendFileSync(file, '{"op":"message.add","conversationId":"abc","se');
    const warnings: string[] = [];
    const warnLogger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const reopened = open({ dataFile: file, logger: warnLogger });
    expect(reopened.snapshot()).toEqual(expected);
    const aside = fs.readdirSync(dir).filter((name) => name.includes('.torn-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, aside[0]!), 'utf8')).toBe(
      '{"op":"message.add","conversationId":"abc","se',
    );
    expect(warnings.join('')).toContain('torn line');
    // Writing goes on after the cut, and a further restart sees everything.
    reopened.createConversation(conversationInput);
    expect(open({ dataFile: file }).snapshot()).toEqual(reopened.snapshot());
  });

  it('refuses a write its own reader would refuse at the next start, and stores nothing', () => {
    const file = path.join(dir, 'data.jsonl');
    // A clock no control call can set any more (clock.ts refuses), standing for any unchecked input.
    let now = 1_000_000;
    const store = open({ dataFile: file, clock: { now: () => now } });
    const { id } = store.createConversation(conversationInput);
    const before = fs.readFileSync(file, 'utf8');
    now = 9_008_994_674_845_072;
    expect(() => store.createConversation(conversationInput)).toThrow(UnreadableWriteError);
    expect(() => store.addMessage(id, { role: 'user', text: 'hi' })).toThrow(/field message\.createdAt/);
    expect(() => store.markSignupFeedPosted(id)).toThrow(/field updatedAt/);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(store.listConversations()).toHaveLength(1);
    expect(open({ dataFile: file }).snapshot()).toEqual(store.snapshot());
  });

  it('refuses a file that is not a data file at all, without touching it', () => {
    const file = path.join(dir, 'data.jsonl');
    fs.writeFileSync(file, 'hello, this is someone else’s file');
    expect(() => open({ dataFile: file })).toThrow(/no complete line/);
    expect(fs.readFileSync(file, 'utf8')).toBe('hello, this is someone else’s file');
  });
});
