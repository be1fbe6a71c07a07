/**
 * What stops the start when the data file (DATA_FILE) cannot be used, as one DataFileError whose
 * message names the file and says what is wrong in words, without a stack trace: these are the
 * operator's mistakes (a mistyped path, a folder this process may not write in), not the server's.
 *
 * The folder must exist: the server never creates folders, so a mistyped path cannot silently
 * start an empty store next to the real one.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A data file that cannot be used; the message names the file and, for a damaged one, the line. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
}

/** What each file-system failure means for the operator, for the codes a wrong DATA_FILE gives. */
const HINTS: Record<string, string> = {
  EACCES: "this process may not write there: check the folder's owner and permissions",
  EPERM: "this process may not write there: check the folder's owner and permissions",
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EISDIR: 'the path names a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
};

/** `<file> (DATA_FILE)`, as every start-up message names it. */
function named(file: string): string {
  return `Data file ${file} (DATA_FILE)`;
}

/** A DataFileError for a file-system failure while `doing` (e.g. "cannot be created"). */
export function fileSystemError(file: string, doing: string, error: unknown): DataFileError {
  const code = (error as NodeJS.ErrnoException).code;
  const hint = code ? HINTS[code] : undefined;
  return new DataFileError(`${named(file)} ${doing}: ${(error as Error).message}${hint ? `; ${hint}` : ''}`, {
    cause: error,
  });
}

/** Runs one file step of opening the data file; a file-system failure becomes a DataFileError. */
export function fileStep<T>(file: string, doing: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw fileSystemError(file, doing, error);
  }
}

/** Throws DataFileError unless the folder of `file` exists and is a folder. */
export function checkDataFolder(file: string, fileSystem: Pick<typeof fs, 'statSync'> = fs): void {
  const folder = path.resolve(path.dirname(file));
  let isFolder: boolean;
  try {
    isFolder = fileSystem.statSync(folder).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new DataFileError(
        `${named(file)}: the folder ${folder} does not exist. Create it, or correct the path: the server ` +
          'does not create folders, so that a mistyped path cannot start an empty store',
      );
    }
    throw fileSystemError(file, `cannot use the folder ${folder}`, error);
  }
  if (!isFolder) throw new DataFileError(`${named(file)}: ${folder} is not a folder`);
}
