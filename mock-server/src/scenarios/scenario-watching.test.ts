import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_SCENARIOS_DIR } from '@chat/assistant/testing';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';

const FIXTURES = TEST_SCENARIOS_DIR;

describe('a server watching its scenarios folder', () => {
  let dir: string;
  let server: ChatMockServer | null = null;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenarios-watched-'));
    fs.copyFileSync(path.join(FIXTURES, 'greeting.yaml'), path.join(dir, 'greeting.yaml'));
  });
  afterEach(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const withAliases = (steps: number) =>
    'name: Aliases\ndescription: Reuses one list.\nbusiness: bella-vista-salon\nfallback: Pardon?\nsteps:\n' +
    Array.from(
      { length: steps },
      (_, i) =>
        `  - { when: { text: q${i} }, reply: A${i}, smartReplies: ${i === 0 ? '&sr [Yes, No]' : '*sr'} }\n`,
    ).join('');

  it('keeps running and serving when files that once crashed it are saved', async () => {
    server = createApp({ scenariosDir: dir, watchScenarios: true, logger: pino({ level: 'silent' }) });
    const scenarios = server.scenarios;
    const listing = (id: string) => scenarios.list().find((s) => s.id === id);

    // 150 steps reusing one anchor: the loader threw from the watcher's timer, ending the process.
    fs.writeFileSync(path.join(dir, 'aliases.yaml'), withAliases(150));
    await vi.waitFor(() => expect(listing('aliases')?.valid).toBe(true), { timeout: 5_000 });

    // An expansion too large is refused for that file only; its last valid version keeps playing.
    let laughs = 'a: &a [x, x, x, x, x, x, x, x, x, x]\n';
    for (const [name, previous] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
    ])
      laughs += `${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]\n`;
    fs.writeFileSync(path.join(dir, 'aliases.yaml'), laughs);
    await vi.waitFor(() => expect(listing('aliases')?.valid).toBe(false), { timeout: 5_000 });
    expect(listing('aliases')).toMatchObject({ servingLastValid: true });
    expect(listing('aliases')!.errors[0]).toContain('aliases.yaml: reuses values through aliases');
    expect(scenarios.get('aliases')?.steps).toHaveLength(150);
    expect((await fetch(`${(await server.listen(0, '127.0.0.1')).url}/healthz`)).status).toBe(200);
  });
});
