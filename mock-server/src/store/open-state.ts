/**
 * Where the store starts from: the fixtures (no data file, or a new one in an existing folder, which
 * is then created holding them), or the replay of an existing data file — its snapshot line, then
 * every write in order. A file that cannot be replayed throws DataFileError naming the file, the
 * line and the field, before anything is written to it; so does a file or folder that cannot be
 * used (data-file-errors.ts), and nothing is logged as created before it was. A file with torn fragments inside (left by an older
 * server after a failed write) is replayed without them, copied aside, and rewritten clean.
 *
 * A full disk does not stop the start: the file is read (which needs no space), and the step that
 * would write (creating the file, rewriting it clean, moving a torn tail aside) is handed back as
 * `reopen`, for the store to retry later; until it succeeds the store is read-only (writes 503).
 */
import type { Business } from '@chat/core';
import type { Logger } from 'pino';
import { plural } from '@chat/server-http';
import { checkDataFolder, DataFileError, fileStep } from './data-file-errors.js';
import { createJournal, keepCopy, openJournal, readJournal } from './journal.js';
import type { Journal, JournalFileSystem } from './journal.js';
import { firstIssue, SnapshotSchema, WriteEntrySchema } from './journal-entry.js';
import { applyEntry, snapshotOf, stateFromBusinesses, stateFromSnapshot } from './store-state.js';
import type { StoreState } from './store-state.js';

export interface OpenStateOptions {
  businesses: readonly Business[];
  dataFile?: string | null;
  logger: Logger;
  /** The file operations of the journal; default node:fs (tests inject failures). */
  fileSystem?: JournalFileSystem;
}

export interface OpenedState {
  state: StoreState;
  /** The journal to append to; null without a data file, or while the disk is full (see `reopen`). */
  journal: Journal | null;
  /**
   * When the disk was full at start: the step that failed, to run again (it opens the journal), and
   * why it failed. The store answers writes 503 until it succeeds.
   */
  reopen: { open: () => Journal; reason: string } | null;
}

/** Error codes that mean "no space left": the start goes on read-only instead of stopping. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

function isDiskFull(error: unknown): boolean {
  const cause = error instanceof DataFileError ? error.cause : error;
  return DISK_FULL.has((cause as NodeJS.ErrnoException | undefined)?.code ?? '');
}

export function openState(options: OpenStateOptions): OpenedState {
  const file = options.dataFile;
  if (!file) return { state: stateFromBusinesses(options.businesses), journal: null, reopen: null };
  const journalOptions = {
    log: options.logger,
    ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}),
  };
  checkDataFolder(file, options.fileSystem);
  const contents = readJournal(file, options.fileSystem);
  /** Runs the step that opens the journal now; on a full disk hands it back as `reopen`. */
  const opening = (state: StoreState, doing: string, open: () => Journal, opened?: () => void) => {
    const step = () => {
      const journal = fileStep(file, doing, open);
      opened?.();
      return journal;
    };
    try {
      return { state, journal: step(), reopen: null };
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      const reason = (error as Error).message;
      options.logger.error(
        { file },
        `${reason}. The server starts read-only: reads work, writes answer 503 until the disk has space again ` +
          '(it retries by itself)',
      );
      return { state, journal: null, reopen: { open: step, reason } };
    }
  };
  if (!contents) {
    const state = stateFromBusinesses(options.businesses);
    return opening(
      state,
      'cannot be created',
      () => createJournal(file, snapshotOf(state), journalOptions),
      () => options.logger.info({ file }, 'data file created from the fixtures'),
    );
  }
  const [first, ...writes] = contents.lines;
  const snapshot = SnapshotSchema.safeParse(first?.value);
  if (!snapshot.success) {
    throw new DataFileError(
      `Data file ${file}, line 1: not a snapshot of this server (${firstIssue(snapshot.error)})`,
    );
  }
  let state: StoreState;
  try {
    state = stateFromSnapshot(snapshot.data);
  } catch (error) {
    throw new DataFileError(`Data file ${file}, line 1: ${(error as Error).message}`);
  }
  for (const { line, value } of writes) {
    const entry = WriteEntrySchema.safeParse(value);
    if (!entry.success)
      throw new DataFileError(`Data file ${file}, line ${line}: ${firstIssue(entry.error)}`);
    try {
      applyEntry(state, entry.data);
    } catch (error) {
      throw new DataFileError(`Data file ${file}, line ${line}: ${(error as Error).message}`);
    }
  }
  options.logger.info({ file, writes: writes.length, seq: state.seq }, 'data file replayed');
  if (contents.fragments.length > 0) {
    // Every whole line was replayed; the copy keeps the fragments, the rewrite drops them.
    let copy: string | null = null;
    return opening(state, 'cannot be rewritten clean', () => {
      if (copy === null) {
        const kept = fileStep(file, 'cannot be copied aside', () => keepCopy(file, options.fileSystem));
        copy = kept;
        for (const fragment of contents.fragments) {
          options.logger.warn(
            { file, ...fragment, copy: kept },
            `Data file ${file}, line ${fragment.line}: a torn fragment of ${plural(fragment.bytes, 'byte')} at byte ` +
              `${fragment.offset} (a write that failed and was never acknowledged) was dropped; the line after ` +
              `it was kept. The file as it was is kept in ${kept}`,
          );
        }
      }
      return createJournal(file, snapshotOf(state), journalOptions);
    });
  }
  return opening(state, 'cannot be opened for writing', () =>
    openJournal(file, { ...journalOptions, tornTailAt: contents.tornTailAt, existingEntries: writes.length }),
  );
}
