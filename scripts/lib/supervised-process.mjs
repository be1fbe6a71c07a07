// A process kept running: started again when it exits by itself (a crash, or `restart()` on purpose), so
// that one part of a local stack can stop without taking the others — and the emulators' data — down.
// Used for the chat service in `npm run start:firebase` and the journeys' Firebase stack (issue 29).
//
// Limits: a process that keeps exiting soon after it starts (MAX_QUICK_EXITS within QUICK_EXIT_MS of
// their start) is given up on — `gaveUp` resolves with why — rather than restarted in a tight loop; each
// restart waits a little longer (up to MAX_DELAY_MS). Node built-ins only.
import { setTimeout as delay } from 'node:timers/promises';

const QUICK_EXIT_MS = 10_000;
const MAX_QUICK_EXITS = 3;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 4_000;

/**
 * Keeps `start()` running. `start()` resolves with `{ exited: Promise<status>, stop(): Promise<void> }`
 * once the process is ready (and rejects when it cannot start); `log(line)` is told each exit and restart.
 * Resolves with `{ restart(), stop(), gaveUp, restarts() }` once the first start is ready.
 */
export async function supervise(start, { name, log = () => {} }) {
  let current = await start();
  let stopping = false;
  let restarting = null;
  let restarts = 0;
  let quickExits = 0;
  let startedAt = Date.now();
  let resolveGaveUp;
  const gaveUp = new Promise((resolve) => (resolveGaveUp = resolve));

  async function startAgain() {
    for (let attempt = 0; !stopping; attempt++) {
      await delay(Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS));
      if (stopping) return;
      try {
        current = await start();
        startedAt = Date.now();
        restarts += 1;
        log(`${name} restarted`);
        watch(current);
        return;
      } catch (error) {
        quickExits += 1;
        log(`${name} did not start again: ${error.message}`);
        if (quickExits >= MAX_QUICK_EXITS) {
          resolveGaveUp(`${name} did not start ${quickExits} times in a row`);
          return;
        }
      }
    }
  }

  function watch(running) {
    void running.exited.then((status) => {
      if (stopping || running !== current || restarting) return;
      quickExits = Date.now() - startedAt < QUICK_EXIT_MS ? quickExits + 1 : 0;
      if (quickExits >= MAX_QUICK_EXITS) {
        log(
          `${name} exited (${status}), the ${quickExits}th time within ${QUICK_EXIT_MS / 1000} s of its start`,
        );
        resolveGaveUp(`${name} keeps exiting (last: ${status})`);
        return;
      }
      log(`${name} exited (${status}); starting it again`);
      restarting = startAgain().finally(() => (restarting = null));
    });
  }
  watch(current);

  return {
    gaveUp,
    restarts: () => restarts,
    /** Stops the process and starts it again; resolves once the new one is ready. */
    async restart() {
      if (restarting) return restarting;
      restarting = (async () => {
        log(`${name}: restarting`);
        const old = current;
        await old.stop();
        current = await start();
        startedAt = Date.now();
        restarts += 1;
        log(`${name} restarted`);
        watch(current);
      })().finally(() => (restarting = null));
      return restarting;
    },
    async stop() {
      stopping = true;
      await restarting?.catch(() => {});
      await current.stop();
    },
  };
}
