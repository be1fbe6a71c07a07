/**
 * A small disk for the full-disk tests: a real tmpfs volume of `sizeBytes` when this process may
 * mount one (root on Linux), else an injected file layer over a temp folder that counts the bytes
 * the data file's operations write against the same size (like journal-failures.test.ts does).
 * Either way, `fill()` uses up the free space and `free()` gives it back, and the store under test
 * is handed `fileSystem`. `SMALL_DISK=injected` picks the counting layer even where a tmpfs works.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JournalFileSystem } from '../store/journal.js';

export interface SmallDisk {
  kind: 'tmpfs' | 'injected';
  /** An empty folder on the disk for the data file. */
  dir: string;
  /** The file operations to give the store: node:fs on a tmpfs, the counting layer otherwise. */
  fileSystem: JournalFileSystem;
  /** Uses up the free space but about `leaveBytes`. */
  fill(leaveBytes?: number): void;
  /** Gives back what fill() took. */
  free(): void;
  /** Unmounts (or deletes) the disk. */
  close(): void;
}

const PAGE_BYTES = 4096;

/**
 * Appends lines through `append(padding)` (one journal line each, longer by the padding's length)
 * until `file` ends exactly on a page: a real file system keeps the rest of a file's last page for
 * it, so without this a full disk would still take a short line, and a test could not say which.
 */
export function endOnPageBoundary(file: string, append: (padding: string) => void): void {
  for (let attempt = 0; attempt < 8; attempt++) {
    const size = fs.statSync(file).size;
    if (size % PAGE_BYTES === 0) return;
    append('a');
    const probe = fs.statSync(file).size - size;
    let missing = PAGE_BYTES - (fs.statSync(file).size % PAGE_BYTES);
    if (missing < probe) missing += PAGE_BYTES;
    append('a'.repeat(missing - probe + 1));
  }
  throw new Error(`${file} could not be made to end on a page boundary`);
}

/** Whether a tmpfs can be mounted here; checked once per test file. */
let tmpfsWorks: boolean | null = null;

export function openSmallDisk(sizeBytes: number): SmallDisk {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-small-disk-'));
  // SMALL_DISK=injected runs the fallback where a tmpfs could be mounted too (to test the tests).
  if (tmpfsWorks !== false && process.env.SMALL_DISK !== 'injected') {
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', root], { stdio: 'ignore' });
      tmpfsWorks = true;
      return tmpfsDisk(root);
    } catch {
      tmpfsWorks = false;
    }
  }
  return injectedDisk(root, sizeBytes);
}

/** Whether openSmallDisk gives real volumes on this machine (a process can then be started on one). */
export function canMountTmpfs(): boolean {
  if (tmpfsWorks === null) openSmallDisk(64 * 1024).close();
  return tmpfsWorks === true;
}

function tmpfsDisk(root: string): SmallDisk {
  const dir = path.join(root, 'data');
  fs.mkdirSync(dir);
  const filler = path.join(root, 'filler');
  return {
    kind: 'tmpfs',
    dir,
    fileSystem: fs,
    fill(leaveBytes = 0) {
      const fd = fs.openSync(filler, 'a');
      const block = Buffer.alloc(64 * 1024);
      try {
        // Whole blocks, then ever smaller writes, until not one byte fits.
        for (let size = block.length; size >= 1;) {
          try {
            fs.writeSync(fd, block, 0, size);
          } catch {
            size = Math.floor(size / 2);
          }
        }
      } finally {
        fs.closeSync(fd);
      }
      if (leaveBytes > 0) fs.truncateSync(filler, Math.max(0, fs.statSync(filler).size - leaveBytes));
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    close() {
      // Lazy: a file a failed test left open must not keep the volume mounted.
      execFileSync('umount', ['-l', root], { stdio: 'ignore' });
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * node:fs under `root`, with every byte the data file's operations write counted against
 * `sizeBytes`: a write that does not fit writes what fits, then fails with ENOSPC, as a disk does.
 * Truncating, deleting and renaming over a file give its bytes back.
 */
function injectedDisk(root: string, sizeBytes: number): SmallDisk {
  const dir = path.join(root, 'data');
  fs.mkdirSync(dir);
  let filled = 0;
  const used = () => {
    let total = filled;
    for (const name of fs.readdirSync(dir)) total += fs.statSync(path.join(dir, name)).size;
    return total;
  };
  const spaceLeft = () => Math.max(0, sizeBytes - used());
  const noSpace = () =>
    Object.assign(new Error('ENOSPC: no space left on device (injected)'), { code: 'ENOSPC' });
  const fileSystem: JournalFileSystem = {
    ...fs,
    writeSync: ((fd: number, buffer: Buffer, offset: number, length: number) => {
      const fits = Math.min(length, spaceLeft());
      if (fits === 0) throw noSpace();
      return fs.writeSync(fd, buffer, offset, fits);
    }) as typeof fs.writeSync,
    writeFileSync: ((file: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView) => {
      const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
      if (bytes > spaceLeft()) throw noSpace();
      fs.writeFileSync(file, data);
    }) as typeof fs.writeFileSync,
    copyFileSync: ((from: fs.PathLike, to: fs.PathLike) => {
      if (fs.statSync(from).size > spaceLeft()) throw noSpace();
      fs.copyFileSync(from, to);
    }) as typeof fs.copyFileSync,
  };
  return {
    kind: 'injected',
    dir,
    fileSystem,
    fill(leaveBytes = 0) {
      filled = Math.max(0, sizeBytes - (used() - filled) - leaveBytes);
    },
    free() {
      filled = 0;
    },
    close() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
