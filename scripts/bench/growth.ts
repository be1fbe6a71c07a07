/**
 * Growth: does send → reply latency grow with what the server already stores? The same small visitor load
 * runs against a mock server holding only its fixtures and against one holding N stored messages, with
 * persistence on (DATA_FILE, every write journaled and fsynced) and off. The "floor" of each figure is the
 * empty server in the same mode, so the ratio says how much the stored messages cost.
 *
 * Seeding: with persistence on, the server opens a data file written beforehand (replay); with it off, the
 * messages are POSTed through the data API by autocannon before the measured load.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '@chat/mock-server';
import { startServer } from './server-process.js';
import { runVisitors, type VisitorRunOptions, type VisitorRunResult } from './visitors.js';
import { createConversation, messageWrites, NEW_CONVERSATION } from './conversation-setup.js';

/** A data file holding `messages` messages in conversations of 100, built in memory without fsyncs. */
function writeDataFile(file: string, messages: number): void {
  const memory = createApp();
  try {
    for (let written = 0; written < messages;) {
      const { id } = memory.store.createConversation(NEW_CONVERSATION);
      for (let i = 0; i < 100 && written < messages; i += 1, written += 1) {
        memory.store.addMessage(id, { role: 'user', text: `stored message ${written} of ordinary length` });
      }
    }
    // The store's snapshot is exactly the data file's first line (see mock-server/src/store/journal.ts).
    writeFileSync(file, JSON.stringify(memory.store.snapshot()) + '\n');
  } finally {
    void memory.close();
  }
}

async function seedOverHttp(url: string, messages: number): Promise<void> {
  const conversationId = await createConversation(url);
  const result = await autocannon({
    ...messageWrites(url, conversationId, 'stored message of ordinary length'),
    connections: 20,
    amount: messages,
  });
  if (result.non2xx + result.errors > 0)
    throw new Error(`seeding ${messages} messages: ${result.non2xx} answers not 2xx`);
}

export interface GrowthCase {
  stored: number;
  persistence: boolean;
  result: VisitorRunResult;
}

export async function runGrowth(
  storedCounts: readonly number[],
  load: VisitorRunOptions,
  env: Record<string, string>,
): Promise<GrowthCase[]> {
  const dir = mkdtempSync(join(tmpdir(), 'chat-bench-growth-'));
  const cases: GrowthCase[] = [];
  try {
    for (const persistence of [false, true]) {
      for (const stored of [0, ...storedCounts]) {
        const dataFile = join(dir, `store-${stored}.jsonl`);
        if (persistence && stored > 0) writeDataFile(dataFile, stored);
        const server = await startServer('product', {
          env: { ...env, ...(persistence ? { DATA_FILE: dataFile } : {}) },
        });
        try {
          if (!persistence && stored > 0) await seedOverHttp(server.url, stored);
          cases.push({ stored, persistence, result: await runVisitors(server, load) });
        } finally {
          await server.stop();
        }
      }
    }
    return cases;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
