// Child processes started in their own process group, and stopped as a group: an emulator launcher
// (a shell script, the firebase CLI) leaves its Java child running when only the launcher is killed.
// Node built-ins only.
import { spawn } from 'node:child_process';

const STOP_TIMEOUT_MS = 15_000;

/** Whether any process of group `pgid` is still alive. */
export function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is not ours — still alive.
    return error.code === 'EPERM';
  }
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

/** Resolves true once `check()` is false, or false after `timeoutMs`. Polls: a group has no exit event. */
async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

// Groups still running when this process ends (a script that throws, Ctrl-C) are killed then: they are
// in their own groups, so the terminal's Ctrl-C does not reach them.
const liveGroups = new Set();
const killAll = () => {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
};
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll();
    // No other handler: end as the signal would have, once the groups are gone.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

/**
 * Spawns `command` as the leader of a new process group. Returns the child, a promise of its exit, and
 * `stop()`: SIGTERM to the whole group, SIGKILL after a grace period, and an error if anything of the
 * group is still alive after that.
 */
export function spawnGroup(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true });
  const pgid = child.pid;
  let exitStatus = null;
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exitStatus = code ?? signal;
      resolve(exitStatus);
    });
    child.once('error', (error) => {
      exitStatus = error.message;
      resolve(exitStatus);
    });
  });
  if (pgid !== undefined) liveGroups.add(pgid);

  async function stop(signal = 'SIGTERM') {
    if (pgid === undefined) return;
    signalGroup(pgid, signal);
    if (!(await until(() => groupAlive(pgid), STOP_TIMEOUT_MS))) {
      signalGroup(pgid, 'SIGKILL');
      if (!(await until(() => groupAlive(pgid), STOP_TIMEOUT_MS))) {
        throw new Error(`process group ${pgid} (${command}) is still running after SIGKILL`);
      }
    }
    liveGroups.delete(pgid);
    await exited;
  }

  return { child, pgid, exited, exitStatus: () => exitStatus, stop };
}
