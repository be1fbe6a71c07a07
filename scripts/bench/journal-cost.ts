/**
 * Journal write cost with DATA_FILE: the time of one acknowledged write (map update + one fdatasync'ed
 * journal line) in a store holding only the fixtures and in one holding many messages. The mock server
 * promises that this cost does not grow with the store; the ratio shows whether it holds.
 *
 * Compaction (rewriting the whole store once the journal holds more lines than the store holds documents)
 * does grow with the store, but happens only once per that many writes; its cost is measured separately and
 * shown amortized per write.
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type ChatMockServer } from '@chat/mock-server';
import { summarize, type Summary } from './stats.js';

export interface JournalCase {
  documents: number;
  /** Time to open the data file (replay) before the writes. */
  openMs: number;
  writes: Summary;
}

export interface JournalResult {
  small: JournalCase;
  large: JournalCase;
  /** One full rewrite of the large store (stringify + write + fsync), and that divided by its document count. */
  largeCompactionMs: number;
  largeCompactionPerWriteMs: number;
}

const NEW_CONVERSATION = {
  businessId: 'bella-vista-salon',
  userId: null,
  userType: 'anonymous',
  contextType: 'enduser',
  isOutsideBusinessHours: false,
} as const;

/** A data file holding `messages` messages spread over conversations of 100 messages, built without fsyncs. */
function writeLargeDataFile(file: string, messages: number): void {
  const memory = createApp();
  try {
    for (let written = 0; written < messages;) {
      const { id } = memory.store.createConversation(NEW_CONVERSATION);
      for (let i = 0; i < 100 && written < messages; i += 1, written += 1) {
        memory.store.addMessage(id, {
          role: 'user',
          text: `stored message ${written} with some ordinary length text`,
        });
      }
    }
    // The store's snapshot is exactly the data file's first line (see mock-server/src/store/journal.ts).
    writeFileSync(file, JSON.stringify(memory.store.snapshot()) + '\n');
  } finally {
    void memory.close();
  }
}

/** One store under test: its data file opened, a conversation to write into, and the samples so far. */
interface OpenCase {
  server: ChatMockServer;
  conversationId: string;
  documents: number;
  openMs: number;
  samples: number[];
}

/** Businesses, conversations, messages and feed items: what the store counts to decide on compaction. */
function documentCount(server: ChatMockServer): number {
  const { businesses, conversations, feed } = server.store.snapshot();
  return (
    businesses.length +
    conversations.reduce((sum, c) => sum + 1 + c.messages.length, 0) +
    feed.reduce((sum, f) => sum + f.items.length, 0)
  );
}

function openCase(file: string): OpenCase {
  const t0 = performance.now();
  const server = createApp({ dataFile: file });
  const openMs = performance.now() - t0;
  const documents = documentCount(server);
  const { id } = server.store.createConversation(NEW_CONVERSATION);
  return { server, conversationId: id, documents, openMs, samples: [] };
}

function writeRound(open: OpenCase, writes: number): void {
  for (let i = 0; i < writes; i += 1) {
    const t0 = performance.now();
    open.server.store.addMessage(open.conversationId, {
      role: 'user',
      text: `journal write ${open.samples.length}`,
    });
    open.samples.push(performance.now() - t0);
  }
}

function timeCompaction(server: ChatMockServer, dir: string): number {
  const t0 = performance.now();
  const file = join(dir, 'compaction-probe');
  writeFileSync(file, JSON.stringify(server.store.snapshot()) + '\n');
  const fd = openSync(file, 'r+');
  fsyncSync(fd);
  closeSync(fd);
  return performance.now() - t0;
}

export async function benchJournal(
  largeMessages: number,
  writes: number,
  budgetMs: number,
): Promise<JournalResult> {
  const dir = mkdtempSync(join(tmpdir(), 'chat-bench-'));
  const opened: OpenCase[] = [];
  try {
    const largeFile = join(dir, 'large.journal');
    writeLargeDataFile(largeFile, largeMessages);
    const small = openCase(join(dir, 'small.journal'));
    opened.push(small);
    const large = openCase(largeFile);
    opened.push(large);
    // Alternating rounds, so a change in the disk's speed during the run (other processes) hits both alike.
    const rounds = 10;
    const deadline = performance.now() + budgetMs;
    for (let round = 0; round < rounds && performance.now() < deadline; round += 1) {
      writeRound(small, Math.ceil(writes / rounds));
      writeRound(large, Math.ceil(writes / rounds));
    }
    const largeCompactionMs = timeCompaction(large.server, dir);
    const result = (open: OpenCase): JournalCase => ({
      documents: open.documents,
      openMs: open.openMs,
      writes: summarize(open.samples),
    });
    return {
      small: result(small),
      large: result(large),
      largeCompactionMs,
      largeCompactionPerWriteMs: largeCompactionMs / Math.max(1, large.documents),
    };
  } finally {
    for (const open of opened) await open.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
