/**
 * The data file (DATA_FILE): an append-only journal of JSON lines. Line 1 is a snapshot of the
 * whole store, every later line one write. A write is acknowledged only after its line (with its
 * trailing newline) has been written and fdatasync'ed, so a crash — even kill -9 — loses nothing
 * that was acknowledged. When the journal has grown past its threshold, it is compacted: a new
 * file holding one snapshot is written to `<file>.tmp`, fsync'ed and renamed over the old one, so
 * the file on disk is always either the old journal or the new one, whole.
 *
 * A failed append (a full disk, an I/O error) never leaves half a line behind: the file is cut
 * back to the end of the last acknowledged line. While that cut itself fails, the journal refuses
 * every write with ProviderError 'unavailable' (503) and retries the cut before the next one, so
 * later lines are never appended onto a fragment.
 *
 * Torn last line: a line without its trailing newline can only come from a crash in the middle of
 * a write, before that write was acknowledged. At start it is moved aside to `<file>.torn-<time>`
 * (kept, never deleted) and cut from the journal, with a warning in the log.
 *
 * Torn fragment inside the file: a file written by an older server that did not cut back after a
 * failed append holds the fragment of an unacknowledged line with the next (acknowledged) line
 * glued onto it. readJournal recovers the glued line and reports the fragment's line and byte
 * offset; the store then keeps a copy of the file and rewrites it clean. Anything else that does
 * not parse stops the start with an error naming the file and line, and the file is left untouched.
 *
 * Limits: synchronous file I/O (a write blocks the event loop for one fdatasync, which is what makes
 * the acknowledgement honest); one process per file (no locking).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { DataFileError, fileSystemError } from './data-file-errors.js';
import { failureReason, refuseWrite } from './retry-backoff.js';

/** The file operations the journal uses; tests pass one that fails on purpose (a full disk). */
export type JournalFileSystem = Pick<
  typeof fs,
  | 'openSync'
  | 'writeSync'
  | 'fdatasyncSync'
  | 'fsyncSync'
  | 'ftruncateSync'
  | 'fstatSync'
  | 'closeSync'
  | 'readFileSync'
  | 'writeFileSync'
  | 'copyFileSync'
  | 'truncateSync'
  | 'renameSync'
  | 'statSync'
  | 'unlinkSync'
>;

export interface JournalLine {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
}

/** The fragment of an unacknowledged line that a later line was appended onto. */
export interface TornFragment {
  /** 1-based line number of the line that starts with the fragment. */
  line: number;
  /** Byte offset of the fragment in the file. */
  offset: number;
  /** Its length in bytes. */
  bytes: number;
}

export interface JournalContents {
  lines: JournalLine[];
  /** Byte offset where a torn last line starts, or null when the file ends with a complete line. */
  tornTailAt: number | null;
  /** Fragments recovered from (the lines were kept without them); empty for a clean file. */
  fragments: TornFragment[];
}

/**
 * Reads and parses every complete line of the file. Returns null when the file does not exist or
 * is empty. A line that is a torn fragment followed by a whole line is recovered (see the header)
 * and reported in `fragments`. Throws DataFileError for any other line that is not JSON. Never
 * changes the file.
 */
export function readJournal(file: string, fileSystem: JournalFileSystem = fs): JournalContents | null {
  let bytes: Buffer;
  try {
    bytes = fileSystem.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw fileSystemError(file, 'cannot be read', error);
  }
  if (bytes.length === 0) return null;
  const lastNewline = bytes.lastIndexOf(0x0a);
  const complete = lastNewline === -1 ? '' : bytes.subarray(0, lastNewline).toString('utf8');
  const tornTailAt = lastNewline === bytes.length - 1 ? null : lastNewline + 1;
  if (complete === '') {
    throw new DataFileError(`Data file ${file} has no complete line; it is not a data file of this server`);
  }
  const fragments: TornFragment[] = [];
  let offset = 0;
  const lines = complete.split('\n').map((text, index) => {
    const line = index + 1;
    const lineOffset = offset;
    offset += Buffer.byteLength(text, 'utf8') + 1;
    try {
      return { line, value: JSON.parse(text) as unknown };
    } catch (error) {
      const recovered = lineAfterFragment(text);
      if (line > 1 && recovered) {
        fragments.push({ line, offset: lineOffset, bytes: Buffer.byteLength(recovered.fragment, 'utf8') });
        return { line, value: recovered.value };
      }
      throw new DataFileError(
        `Data file ${file}, line ${line}: not valid JSON (${(error as Error).message})`,
      );
    }
  });
  return { lines, tornTailAt, fragments };
}

/**
 * A torn fragment followed by a whole journal line: the shortest prefix after which the rest of
 * `text` parses as a JSON object with an `op`, or null when there is none.
 */
function lineAfterFragment(text: string): { fragment: string; value: unknown } | null {
  for (let at = text.indexOf('{"op":', 1); at !== -1; at = text.indexOf('{"op":', at + 1)) {
    try {
      const value = JSON.parse(text.slice(at)) as unknown;
      if (typeof value === 'object' && value !== null && 'op' in value) {
        return { fragment: text.slice(0, at), value };
      }
    } catch {
      // Not the start of the glued line; look further.
    }
  }
  return null;
}

export interface Journal {
  readonly file: string;
  /** Lines appended since the last snapshot. */
  readonly entriesSinceSnapshot: number;
  /**
   * Appends one write, given as its JSON text (one line, without the newline), and returns once it
   * is on disk. When the disk write fails, cuts the file back to its last whole line and throws
   * ProviderError 'unavailable'; nothing was stored.
   */
  append(json: string): void;
  /**
   * Replaces the whole file with one snapshot line (temp file + rename), then keeps appending. When
   * it fails, the old file is still the journal, whole, and no temp file is left behind.
   */
  writeSnapshot(snapshot: object): void;
  /** Flushes and closes the file. */
  close(): void;
}

export interface JournalOptions {
  /** Default node:fs. */
  fileSystem?: JournalFileSystem | undefined;
  /** Where the journal reports trouble. */
  log: Logger;
}

export interface OpenJournalOptions extends JournalOptions {
  /** From readJournal: a torn last line to move aside before appending. */
  tornTailAt?: number | null;
  /** How many lines the existing file already holds after its snapshot. */
  existingEntries?: number;
}

/** Opens an existing, already replayed journal for appending. */
export function openJournal(file: string, options: OpenJournalOptions): Journal {
  const fileSystem = options.fileSystem ?? fs;
  if (options.tornTailAt !== null && options.tornTailAt !== undefined) {
    setTornTailAside(fileSystem, file, options.tornTailAt, options.log);
  }
  return journalAt(file, fileSystem, options.log, options.existingEntries ?? 0);
}

/**
 * Creates the file with its first snapshot (temp file + rename, so it never exists half-written).
 * Its folder must exist (see data-file-errors.ts checkDataFolder): no folder is created.
 */
export function createJournal(file: string, snapshot: object, options: JournalOptions): Journal {
  const fileSystem = options.fileSystem ?? fs;
  replaceWithSnapshot(fileSystem, file, snapshot);
  return journalAt(file, fileSystem, options.log, 0);
}

/**
 * Keeps a copy of the file as `<file>.torn-<time>` (a file a torn fragment was recovered from),
 * so that nothing is ever lost by rewriting it; returns the copy's path.
 */
export function keepCopy(file: string, fileSystem: JournalFileSystem = fs): string {
  const copy = `${file}.torn-${Date.now()}`;
  fileSystem.copyFileSync(file, copy);
  return copy;
}

function journalAt(
  file: string,
  fileSystem: JournalFileSystem,
  log: Logger,
  existingEntries: number,
): Journal {
  let fd: number | null = fileSystem.openSync(file, 'a');
  let entries = existingEntries;
  /** The end of the last whole line: where a failed append is cut back to. */
  let goodLength = fileSystem.fstatSync(fd).size;
  /** Set while a failed append could not be cut back yet: no write may follow it. */
  let needsCut = false;
  const openFd = () => {
    if (fd === null) throw new Error(`Data file ${file} is closed`);
    return fd;
  };
  /** Cuts the file back to its last whole line; false (and logged) when that fails too. */
  const cutBack = (): boolean => {
    try {
      fileSystem.ftruncateSync(openFd(), goodLength);
      fileSystem.fdatasyncSync(openFd());
      if (needsCut)
        log.info({ file, length: goodLength }, 'data file cut back to its last whole line; writes resume');
      needsCut = false;
      return true;
    } catch (error) {
      if (!needsCut) {
        log.error(
          { file, length: goodLength, err: error },
          'data file cannot be cut back to its last whole line; refusing writes (503) until it can',
        );
      }
      needsCut = true;
      return false;
    }
  };
  return {
    file,
    get entriesSinceSnapshot() {
      return entries;
    },
    append(json) {
      if (needsCut && !cutBack()) refuseWrite('an earlier failed write is not cleaned up yet');
      const line = Buffer.from(json + '\n', 'utf8');
      try {
        writeFully(fileSystem, openFd(), line);
        fileSystem.fdatasyncSync(openFd());
      } catch (error) {
        const reason = failureReason(error);
        log.error({ file, err: error }, `data file write failed (${reason}); the write was refused (503)`);
        cutBack();
        refuseWrite(reason);
      }
      goodLength += line.length;
      entries += 1;
    },
    writeSnapshot(snapshot) {
      replaceWithSnapshot(fileSystem, file, snapshot);
      // The old descriptor points at the replaced file; appends must go to the new one.
      const old = openFd();
      fd = fileSystem.openSync(file, 'a');
      fileSystem.closeSync(old);
      goodLength = fileSystem.fstatSync(fd).size;
      needsCut = false;
      entries = 0;
    },
    close() {
      if (fd === null) return;
      if (needsCut) cutBack();
      fileSystem.fsyncSync(fd);
      fileSystem.closeSync(fd);
      fd = null;
    },
  };
}

/**
 * Writes `snapshot` as the whole file: to `<file>.tmp`, fsynced, renamed over the file. When any
 * step before the rename fails (a full disk), the temp file is deleted before the error is thrown:
 * a half-written snapshot would otherwise keep the disk full after the failure (issue 22).
 */
function replaceWithSnapshot(fileSystem: JournalFileSystem, file: string, snapshot: object): void {
  const bytes = Buffer.from(JSON.stringify(snapshot) + '\n', 'utf8');
  const temp = `${file}.tmp`;
  try {
    const fd = fileSystem.openSync(temp, 'w');
    try {
      writeFully(fileSystem, fd, bytes);
      fileSystem.fsyncSync(fd);
    } finally {
      fileSystem.closeSync(fd);
    }
    fileSystem.renameSync(temp, file);
  } catch (error) {
    removeQuietly(fileSystem, temp);
    throw error;
  }
  syncDirectory(path.dirname(file));
}

/** Deletes `file` if it exists; a failure to delete is not the error worth reporting. */
function removeQuietly(fileSystem: JournalFileSystem, file: string): void {
  try {
    fileSystem.unlinkSync(file);
  } catch {
    // Already gone (the open failed), or the caller's error says more than this one would.
  }
}

function setTornTailAside(fileSystem: JournalFileSystem, file: string, offset: number, log: Logger): void {
  const bytes = fileSystem.readFileSync(file);
  const aside = `${file}.torn-${Date.now()}`;
  try {
    fileSystem.writeFileSync(aside, bytes.subarray(offset));
  } catch (error) {
    // A full disk: no half copy is left, and the start goes on read-only (open-state.ts).
    removeQuietly(fileSystem, aside);
    throw error;
  }
  fileSystem.truncateSync(file, offset);
  log.warn(
    { file, offset, aside },
    `Data file ${file} ended with a torn line at byte ${offset} (a write interrupted by a crash before it ` +
      `was acknowledged); it was moved to ${aside}`,
  );
}

function writeFully(fileSystem: JournalFileSystem, fd: number, buffer: Buffer): void {
  let written = 0;
  while (written < buffer.length) {
    written += fileSystem.writeSync(fd, buffer, written, buffer.length - written);
  }
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
