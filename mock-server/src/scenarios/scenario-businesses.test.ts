import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_SCENARIOS_DIR } from '@chat/assistant/testing';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';

const inline = (business: string) =>
  `name: Mine\ndescription: Mine.\nbusiness: { ${business}, verification: { status: approved } }\nfallback: Pardon?\nsteps: []\n`;

describe("a scenario's inline business", () => {
  let dir: string;
  let server: ChatMockServer | null = null;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenario-businesses-'));
    fs.copyFileSync(path.join(TEST_SCENARIOS_DIR, 'greeting.yaml'), path.join(dir, 'greeting.yaml'));
  });
  afterEach(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The bug: the server did not start at all (the store's one-handle rule threw out of createApp).
  it("taking a fixture's handle is that file's mistake: the server starts and the fixture keeps its handle", () => {
    fs.writeFileSync(path.join(dir, 'mine.yaml'), inline('id: mine, handle: BellaVista, businessName: Mine'));
    server = createApp({ scenariosDir: dir, watchScenarios: false, logger: pino({ level: 'silent' }) });
    const mine = server.scenarios.list().find((s) => s.id === 'mine');
    expect(mine).toMatchObject({ valid: false, servingLastValid: false });
    expect(mine!.errors).toEqual([
      expect.stringContaining(
        'mine.yaml, field business.handle: "BellaVista" is already the handle of the business Bella Vista Salon',
      ),
    ]);
    expect(server.store.findBusinessByHandle('bellavista')?.id).toBe('bella-vista-salon');
    expect(server.store.getBusiness('mine')).toBeNull();
  });

  // The bug: the salon every other scenario plays was replaced by this file's business.
  it("taking a fixture's id, saved while the demo runs, leaves the fixture as it was", async () => {
    server = createApp({ scenariosDir: dir, watchScenarios: true, logger: pino({ level: 'silent' }) });
    const salon = server.store.getBusiness('bella-vista-salon');
    fs.writeFileSync(
      path.join(dir, 'mine.yaml'),
      inline('id: bella-vista-salon, handle: mine, businessName: Mine'),
    );
    const listing = () => server!.scenarios.list().find((s) => s.id === 'mine');
    await vi.waitFor(() => expect(listing()).toBeDefined(), { timeout: 5_000 });
    expect(listing()!.errors[0]).toContain(
      'mine.yaml, field business.id: "bella-vista-salon" is already the business Bella Vista Salon (bella-vista-salon)',
    );
    expect(server.store.getBusiness('bella-vista-salon')).toEqual(salon);
    expect(server.scenarios.inlineScenarioFor('bella-vista-salon')).toBeNull();
  });
});
