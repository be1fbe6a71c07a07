/**
 * The data file (DATA_FILE): an append-only journal of JSON lines. Line 1 is a snapshot of the
 * whole store, every later line one write. A write is acknowledged only after its line (with its
 * trailing newline) has been written and fdatasync'ed, so a crash — even kill -9 — loses nothing
 * that was acknowledged. When the journal has grown past its threshold, it is compacted: a new
 * file holding one snapshot is written to `<file>.tmp`, fsync'ed and renamed over the old one, so
 * the file on disk is always either the old journal or the new one, whole.
 *
 * Torn last line: a line without its trailing newline can only come from a crash in the middle of
 * a write, before that write was acknowledged. At start it is moved aside to `<file>.torn-<time>`
 * (kept, never deleted) and cut from the journal, with a warning in the log. Anything else that
 * does not parse stops the start with an error naming the file and line, and the file is left
 * untouched.
 *
 * Limits: synchronous file I/O (a write blocks the event loop for one fdatasync, which is what makes
 * the acknowledgement honest); one process per file (no locking).
 */
import fs from 'node:fs';
import path from 'node:path';

/** A data file that cannot be read; the message names the file and the line. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
}

export interface JournalLine {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
}

export interface JournalContents {
  lines: JournalLine[];
  /** Byte offset where a torn last line starts, or null when the file ends with a complete line. */
  tornTailAt: number | null;
}

/**
 * Reads and parses every complete line of the file. Returns null when the file does not exist or
 * is empty. Throws DataFileError for a line that is not JSON. Never changes the file.
 */
export function readJournal(file: string): JournalContents | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DataFileError(`Cannot read data file ${file}: ${(error as Error).message}`);
  }
  if (bytes.length === 0) return null;
  const lastNewline = bytes.lastIndexOf(0x0a);
  const complete = lastNewline === -1 ? '' : bytes.subarray(0, lastNewline).toString('utf8');
  const tornTailAt = lastNewline === bytes.length - 1 ? null : lastNewline + 1;
  if (complete === '') {
    throw new DataFileError(`Data file ${file} has no complete line; it is not a data file of this server`);
  }
  const lines = complete.split('\n').map((text, index) => {
    try {
      return { line: index + 1, value: JSON.parse(text) as unknown };
    } catch (error) {
      throw new DataFileError(
        `Data file ${file}, line ${index + 1}: not valid JSON (${(error as Error).message})`,
      );
    }
  });
  return { lines, tornTailAt };
}

export interface Journal {
  readonly file: string;
  /** Lines appended since the last snapshot. */
  readonly entriesSinceSnapshot: number;
  /** Appends one write and returns once it is on disk. Throws when the disk write fails. */
  append(entry: object): void;
  /** Replaces the whole file with one snapshot line (temp file + rename), then keeps appending. */
  writeSnapshot(snapshot: object): void;
  /** Flushes and closes the file. */
  close(): void;
}

export interface OpenJournalOptions {
  /** From readJournal: a torn last line to move aside before appending. */
  tornTailAt?: number | null;
  /** How many lines the existing file already holds after its snapshot. */
  existingEntries?: number;
  warn?: (message: string) => void;
}

/** Opens an existing, already replayed journal for appending. */
export function openJournal(file: string, options: OpenJournalOptions = {}): Journal {
  if (options.tornTailAt !== null && options.tornTailAt !== undefined) {
    setTornTailAside(file, options.tornTailAt, options.warn);
  }
  return journalAt(file, fs.openSync(file, 'a'), options.existingEntries ?? 0);
}

/** Creates the file with its first snapshot (temp file + rename, so it never exists half-written). */
export function createJournal(file: string, snapshot: object): Journal {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  replaceWithSnapshot(file, snapshot);
  return journalAt(file, fs.openSync(file, 'a'), 0);
}

function journalAt(file: string, initialFd: number, existingEntries: number): Journal {
  let fd: number | null = initialFd;
  let entries = existingEntries;
  const openFd = () => {
    if (fd === null) throw new Error(`Data file ${file} is closed`);
    return fd;
  };
  return {
    file,
    get entriesSinceSnapshot() {
      return entries;
    },
    append(entry) {
      writeFully(openFd(), Buffer.from(JSON.stringify(entry) + '\n', 'utf8'));
      fs.fdatasyncSync(openFd());
      entries += 1;
    },
    writeSnapshot(snapshot) {
      replaceWithSnapshot(file, snapshot);
      // The old descriptor points at the replaced file; appends must go to the new one.
      const old = openFd();
      fd = fs.openSync(file, 'a');
      fs.closeSync(old);
      entries = 0;
    },
    close() {
      if (fd === null) return;
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fd = null;
    },
  };
}

function replaceWithSnapshot(file: string, snapshot: object): void {
  const temp = `${file}.tmp`;
  const fd = fs.openSync(temp, 'w');
  try {
    writeFully(fd, Buffer.from(JSON.stringify(snapshot) + '\n', 'utf8'));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  syncDirectory(path.dirname(file));
}

function setTornTailAside(file: string, offset: number, warn?: (message: string) => void): void {
  const bytes = fs.readFileSync(file);
  const aside = `${file}.torn-${Date.now()}`;
  fs.writeFileSync(aside, bytes.subarray(offset));
  fs.truncateSync(file, offset);
  warn?.(
    `Data file ${file} ended with a torn line (a write interrupted by a crash before it was acknowledged); ` +
      `it was moved to ${aside}`,
  );
}

function writeFully(fd: number, buffer: Buffer): void {
  let written = 0;
  while (written < buffer.length) written += fs.writeSync(fd, buffer, written, buffer.length - written);
}

/** Makes a rename durable. Not every platform can open a directory; there it is skipped. */
function syncDirectory(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Best effort: the rename itself is atomic either way.
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}
