/**
 * A data file that cannot be used stops the start with a DataFileError that names DATA_FILE, the
 * path and what is wrong: a missing folder (never created: a typo must not start an empty store),
 * a path through a file, a folder this process may not write in (injected: the tests run as root).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createControllableClock } from '../clock.js';
import { DataFileError } from './data-file-errors.js';
import { loadFixtures } from './fixtures.js';
import type { JournalFileSystem } from './journal.js';
import { createMemoryStore } from './memory-store.js';

const { businesses } = loadFixtures();

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-data-file-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function open(dataFile: string, fileSystem?: JournalFileSystem) {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const attempt = () =>
    createMemoryStore({
      businesses,
      clock: createControllableClock(),
      logger,
      dataFile,
      ...(fileSystem ? { fileSystem } : {}),
    });
  return { attempt, log: () => lines.join('') };
}

/** node:fs, except that opening a path that ends with `suffix` with `flags` fails with EACCES. */
function deniedOpen(suffix: string, flags: string): JournalFileSystem {
  return {
    ...fs,
    openSync: ((file: fs.PathLike, openFlags: fs.OpenMode, mode?: fs.Mode) => {
      if (String(file).endsWith(suffix) && openFlags === flags) {
        throw Object.assign(new Error(`EACCES: permission denied, open '${String(file)}'`), {
          code: 'EACCES',
        });
      }
      return fs.openSync(file, openFlags, mode);
    }) as typeof fs.openSync,
  };
}

describe('a data file that cannot be used', () => {
  it('refuses a folder that does not exist, naming DATA_FILE and the folder, and creates nothing', () => {
    const missing = path.join(dir, 'typo', 'deeper');
    const { attempt } = open(path.join(missing, 'store.jsonl'));
    expect(attempt).toThrow(DataFileError);
    expect(attempt).toThrow(`(DATA_FILE): the folder ${missing} does not exist`);
    expect(fs.existsSync(path.join(dir, 'typo'))).toBe(false);
  });

  it('refuses a path that goes through a file', () => {
    const file = path.join(dir, 'plain-file');
    fs.writeFileSync(file, 'not a folder');
    expect(open(path.join(file, 'store.jsonl')).attempt).toThrow(`${file} is not a folder`);
  });

  it('says the folder is not writable, and logs no creation, when the file cannot be created', () => {
    const file = path.join(dir, 'store.jsonl');
    const { attempt, log } = open(file, deniedOpen('.tmp', 'w'));
    expect(attempt).toThrow(
      new RegExp(`^Data file ${file} \\(DATA_FILE\\) cannot be created: EACCES: .*may not write there`),
    );
    expect(log()).not.toContain('created');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('says so when an existing file cannot be opened for writing, and leaves it as it was', () => {
    const file = path.join(dir, 'store.jsonl');
    createMemoryStore({
      businesses,
      clock: createControllableClock(),
      logger: pino({ level: 'silent' }),
      dataFile: file,
    }).close();
    const before = fs.readFileSync(file, 'utf8');
    expect(open(file, deniedOpen('store.jsonl', 'a')).attempt).toThrow(
      `Data file ${file} (DATA_FILE) cannot be opened for writing: EACCES`,
    );
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });
});
