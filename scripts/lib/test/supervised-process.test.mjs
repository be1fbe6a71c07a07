// The chat service restarts alone (issue 29): a supervised process that exits is started again, a restart
// on purpose replaces it, and one that keeps exiting at once is given up on rather than looped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnGroup } from '../process-group.mjs';
import { supervise } from '../supervised-process.mjs';

/** A process that runs until stopped, or exits at once with `code`. */
function startNode(code = null) {
  const script = code === null ? 'setInterval(() => {}, 1000)' : `process.exit(${code})`;
  const group = spawnGroup(process.execPath, ['-e', script], { stdio: 'ignore' });
  return Promise.resolve({ pid: group.pgid, exited: group.exited, stop: () => group.stop() });
}

describe('a supervised process', () => {
  let supervisor;
  afterEach(async () => {
    await supervisor?.stop();
    supervisor = undefined;
  });

  it('is started again when it exits by itself, and restarted on purpose', async () => {
    const pids = [];
    const lines = [];
    supervisor = await supervise(
      async () => {
        const started = await startNode();
        pids.push(started.pid);
        return started;
      },
      { name: 'the service', log: (line) => lines.push(line) },
    );
    process.kill(-pids[0], 'SIGKILL');
    await vi.waitFor(() => expect(supervisor.restarts()).toBe(1), { timeout: 20_000 });
    expect(lines).toEqual(['the service exited (SIGKILL); starting it again', 'the service restarted']);
    expect(pids).toHaveLength(2);

    await supervisor.restart();
    expect(supervisor.restarts()).toBe(2);
    expect(pids).toHaveLength(3);
    expect(() => process.kill(pids[1], 0)).toThrow();
    expect(() => process.kill(pids[2], 0)).not.toThrow();
  });

  it('is given up on when it keeps exiting right after it starts', async () => {
    supervisor = await supervise(() => startNode(3), { name: 'the service' });
    await expect(supervisor.gaveUp).resolves.toBe('the service keeps exiting (last: 3)');
  });
});
