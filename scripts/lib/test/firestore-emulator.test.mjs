// scripts/lib/firestore-emulator.mjs: the emulator it starts answers, enforces the rules it was given, and
// leaves nothing running once stopped; the Auth helper reuses an emulator already on its port.
import { createServer } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firestoreEmulatorAvailability,
  startAuthEmulator,
  startFirestoreEmulator,
} from '../firestore-emulator.mjs';
import { answers } from '../local-ports.mjs';
import { groupAlive } from '../process-group.mjs';

const available = firestoreEmulatorAvailability();

describe.skipIf(available.kind === 'missing')('startFirestoreEmulator', () => {
  let dir;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'firestore-emulator-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers Ok on a free port, enforces the given rules, and stop() leaves no process behind', async () => {
    const rules = join(dir, 'deny-all.rules');
    await writeFile(
      rules,
      "rules_version = '2';\nservice cloud.firestore { match /databases/{d}/documents { match /{doc=**} { allow read: if false; } } }\n",
    );
    const emulator = await startFirestoreEmulator({ rules });
    const documents = `http://${emulator.hostPort}/v1/projects/demo-emulator-test/databases/(default)/documents`;
    expect(emulator.port).toBeGreaterThan(0);
    expect(await answers(`http://${emulator.hostPort}/`, (body) => body.trim() === 'Ok')).toBe(true);
    expect((await fetch(`${documents}/things/one`)).status).toBe(403);
    expect(
      (await fetch(`${documents}/things/one`, { headers: { authorization: 'Bearer owner' } })).status,
    ).toBe(404);

    await emulator.stop();
    expect(await answers(`http://${emulator.hostPort}/`)).toBe(false);
    if (emulator.pgid !== undefined) expect(groupAlive(emulator.pgid)).toBe(false);
  });
});

describe('startAuthEmulator', () => {
  it('uses an emulator already answering on the port, and leaves it running', async () => {
    const server = createServer((_, response) => response.end('{"authEmulator":{"ready":true}}'));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    try {
      const auth = await startAuthEmulator({ port });
      expect(auth.hostPort).toBe(`127.0.0.1:${port}`);
      await auth.stop();
      expect(await answers(`http://127.0.0.1:${port}/`)).toBe(true);
    } finally {
      server.close();
    }
  });
});
