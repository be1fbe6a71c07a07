/**
 * The real process (src/index.ts) started with DATA_FILE on a full disk (issue 22): it listens
 * read-only with a clear warning instead of exiting, answers writes 503, takes them again by itself
 * once space returns, and a restart keeps what it acknowledged. Needs a tmpfs the test can mount
 * (root on Linux); the same behaviour is tested in-process on an injected disk in
 * store/full-disk.test.ts.
 */
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DATA_ROUTES, HEALTH_PATH } from '@chat/core';
import { canMountTmpfs, openSmallDisk } from './testing/small-disk.js';
import type { SmallDisk } from './testing/small-disk.js';
import { call, useServerProcesses } from './testing/server-process.js';
import { anonymousConversationBody } from './testing/test-server.js';

let disk: SmallDisk;
beforeEach(() => {
  disk = openSmallDisk(1024 * 1024);
});
afterEach(() => disk.close());
// Registered after the disk's hooks, so its after-hook (kill every server) runs before the disk is closed.
const servers = useServerProcesses('mock-full-disk-');
const start = (env: Record<string, string>) => servers.start(env);

it.skipIf(!canMountTmpfs())(
  'starts read-only on a full disk with a clear warning, recovers by itself when space returns, and keeps what it acknowledged',
  async () => {
    const env = { DATA_FILE: path.join(disk.dir, 'store.jsonl'), CONTROL_API: 'off' };
    disk.fill();
    const server = await start(env);
    expect(server.output()).toContain('starting READ-ONLY');
    expect(server.output()).toContain('the disk is full');
    expect(server.output()).not.toContain('"stack"');
    expect((await call(server.url, 'GET', DATA_ROUTES.businessById('bella-vista-salon'))).status).toBe(200);
    const refused = await call(server.url, 'POST', DATA_ROUTES.conversations, anonymousConversationBody());
    expect(refused.status).toBe(503);
    expect((await call(server.url, 'GET', HEALTH_PATH)).body).toMatchObject({ storage: { writable: false } });

    disk.free();
    // The server retries every second by itself; no request is needed for it to become writable.
    let healthy = false;
    const deadline = Date.now() + 10_000;
    while (!healthy && Date.now() < deadline) {
      const health = await call(server.url, 'GET', HEALTH_PATH);
      healthy = (health.body as { storage: { writable: boolean } }).storage.writable;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy).toBe(true);
    const created = await call(server.url, 'POST', DATA_ROUTES.conversations, anonymousConversationBody());
    expect(created.status).toBe(201);
    // A scenario's own business, which could not be stored at the start, is stored once writes resume.
    expect((await call(server.url, 'GET', DATA_ROUTES.businessById('night-owl-books'))).status).toBe(200);
    server.child.kill('SIGKILL');
    await server.exited;

    const restarted = await start(env);
    const id = (created.body as { id: string }).id;
    expect((await call(restarted.url, 'GET', DATA_ROUTES.conversation(id))).status).toBe(200);
  },
  60_000,
);
