/**
 * Where the store starts from: the fixtures (no data file, or a new one in an existing folder, which
 * is then created holding them), or the replay of an existing data file — its snapshot line, then
 * every write in order. A file that cannot be replayed throws DataFileError naming the file, the
 * line and the field, before anything is written to it; so does a file or folder that cannot be
 * used (data-file-errors.ts), and nothing is logged as created before it was. A file with torn fragments inside (left by an older
 * server after a failed write) is replayed without them, copied aside, and rewritten clean.
 */
import type { Business } from '@chat/core';
import type { Logger } from 'pino';
import { plural } from '@chat/server-http';
import { formatPath } from '@chat/core';
import { checkDataFolder, DataFileError, fileStep } from './data-file-errors.js';
import { createJournal, keepCopy, openJournal, readJournal } from './journal.js';
import type { Journal, JournalFileSystem } from './journal.js';
import { SnapshotSchema, WriteEntrySchema } from './journal-entry.js';
import { applyEntry, snapshotOf, stateFromBusinesses, stateFromSnapshot } from './store-state.js';
import type { StoreState } from './store-state.js';

export interface OpenStateOptions {
  businesses: readonly Business[];
  dataFile?: string | null;
  logger: Logger;
  /** The file operations of the journal; default node:fs (tests inject failures). */
  fileSystem?: JournalFileSystem;
}

export function openState(options: OpenStateOptions): { state: StoreState; journal: Journal | null } {
  const file = options.dataFile;
  if (!file) return { state: stateFromBusinesses(options.businesses), journal: null };
  const journalOptions = {
    log: options.logger,
    ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}),
  };
  checkDataFolder(file, options.fileSystem);
  const contents = readJournal(file, options.fileSystem);
  if (!contents) {
    const state = stateFromBusinesses(options.businesses);
    const journal = fileStep(file, 'cannot be created', () =>
      createJournal(file, snapshotOf(state), journalOptions),
    );
    options.logger.info({ file }, 'data file created from the fixtures');
    return { state, journal };
  }
  const [first, ...writes] = contents.lines;
  const snapshot = SnapshotSchema.safeParse(first?.value);
  if (!snapshot.success) {
    const issue = snapshot.error.issues[0]!;
    throw new DataFileError(
      `Data file ${file}, line 1: not a snapshot of this server (field ${formatPath(issue.path)}: ${issue.message})`,
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
    if (!entry.success) {
      const issue = entry.error.issues[0]!;
      throw new DataFileError(
        `Data file ${file}, line ${line}: field ${formatPath(issue.path)}: ${issue.message}`,
      );
    }
    try {
      applyEntry(state, entry.data);
    } catch (error) {
      throw new DataFileError(`Data file ${file}, line ${line}: ${(error as Error).message}`);
    }
  }
  options.logger.info({ file, writes: writes.length, seq: state.seq }, 'data file replayed');
  if (contents.fragments.length > 0) {
    // Every whole line was replayed; the copy keeps the fragments, the rewrite drops them.
    const copy = fileStep(file, 'cannot be copied aside', () => keepCopy(file, options.fileSystem));
    for (const fragment of contents.fragments) {
      options.logger.warn(
        { file, ...fragment, copy },
        `Data file ${file}, line ${fragment.line}: a torn fragment of ${plural(fragment.bytes, 'byte')} at byte ` +
          `${fragment.offset} (a write that failed and was never acknowledged) was dropped; the line after ` +
          `it was kept. The file as it was is kept in ${copy}`,
      );
    }
    const journal = fileStep(file, 'cannot be rewritten clean', () =>
      createJournal(file, snapshotOf(state), journalOptions),
    );
    return { state, journal };
  }
  const journal = fileStep(file, 'cannot be opened for writing', () =>
    openJournal(file, { ...journalOptions, tornTailAt: contents.tornTailAt, existingEntries: writes.length }),
  );
  return { state, journal };
}
