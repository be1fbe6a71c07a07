/**
 * Which scenarios folder a running mock server plays (GET /control/scenarios says, since the
 * server reads SCENARIOS_DIR). A server plays only its own folder: `--dir` can reach it only when it
 * was started with that folder, so `check --server` and `demo start` (when the servers already run)
 * compare the two and say so rather than play the server's copy of another folder's scenario.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ControlClient } from './control-client.js';

/**
 * Whether the server at `control` plays `dir`: null when it does, else the folder it plays (null
 * inside when it does not say, an older server; then only an explicit --dir is refused).
 */
export async function folderMismatch(
  control: ControlClient,
  dir: string,
  dirGiven: boolean,
): Promise<{ served: string | null } | null> {
  const listing = await control.get<{ dir?: unknown }>('/control/scenarios');
  const served = typeof listing.dir === 'string' ? listing.dir : null;
  const plays = served !== null ? sameFolder(served, dir) : !dirGiven;
  return plays ? null : { served };
}

/** Whether two paths name the same folder (links resolved where the folder exists here). */
export function sameFolder(a: string, b: string): boolean {
  const real = (dir: string) => {
    try {
      return fs.realpathSync(dir);
    } catch {
      return path.resolve(dir);
    }
  };
  return real(a) === real(b);
}
