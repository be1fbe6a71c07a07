// Issue 19: the bakery demo a staffer builds from the README's Demo section. A scenario on the
// fixtures' pending bakery used to pass `demo check` without playing a step (point 1), `demo record`
// replaced an inline business by its id (point 4), and the outside-hours scenario promised a notice
// the page does not show (point 8).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '@chat/mock-server';
import { loadScenarioFile } from '@chat/assistant';
import { demo } from './demo-command-output.js';
import { createControlClient } from './control-client.js';
import { recordCommand } from './record-command.js';
import { watchScenarioHealth } from './scenario-health.js';
import { webAppEnv } from './start-command.js';

const bakery = (business: string, extraSteps = '') =>
  `name: Bakery demo\ndescription: Hours, then a cake order.\nbusiness: ${business}\nfallback: Happy to help!\nsteps:\n` +
  `  - id: hours\n    when: { contains: hours }\n    visitor: What are your hours?\n    reply: We open at 7.\n${extraSteps}`;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-bakery-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): void {
  fs.writeFileSync(path.join(dir, `${name}.yaml`), text);
}

describe('a scenario on a business that cannot be chatted with (point 1)', () => {
  const reason =
    "Sunrise Bakery (sunrise-bakery) is pending verification: the visitor sees 'Not Yet Verified' and cannot type, so the 1 step of this scenario cannot play.";
  const fix =
    'Fix: write "business: { fixture: sunrise-bakery, approved: true }" to play it approved for this demo';

  it('fails `check` with the reason and the fix, and `start` refuses before starting anything', async () => {
    write('pending-bakery', bakery('sunrise-bakery'));
    const checked = await demo('check', 'pending-bakery', '--dir', dir);
    expect(checked.code).toBe(1);
    expect(checked.output).toContain('✗ pending-bakery');
    expect(checked.output).toContain(reason);
    expect(checked.output).toContain(fix);
    expect(checked.output).not.toContain('passed');
    const started = await demo('start', 'pending-bakery', '--dir', dir);
    expect(started.code).toBe(1);
    expect(started.output).toContain(`pending-bakery cannot be shown: ${reason}`);
    expect((await demo('list', '--dir', dir)).output).toMatch(/✗ pending-bakery/);
  });

  it('fails `check --server` on a server whose copy of the business is pending', async () => {
    const server = createApp({ scenariosDir: dir, watchScenarios: false });
    const { url } = await server.listen(0, '127.0.0.1');
    try {
      const checked = await demo('check', 'pending-bakery', '--dir', dir, '--server', url);
      expect(checked.code).toBe(1);
      expect(checked.output).toMatch(
        /✗ business\n\s+✗ Sunrise Bakery \(sunrise-bakery\) is pending verification/,
      );
    } finally {
      await server.close();
    }
  });

  it('plays every step once the scenario says in one line that the fixture is approved for the demo', async () => {
    write('approved-bakery', bakery('{ fixture: sunrise-bakery, approved: true }'));
    const checked = await demo('check', 'approved-bakery', '--dir', dir);
    expect(checked.output).toContain('Sunrise Bakery (approved');
    expect(checked.output).toContain('✓ step 1 (hours)');
    expect(checked.output).toContain('assistant: We open at 7.');
    expect(checked.code).toBe(0);
  });

  it('fails a step that no path plays (a goto skips it)', async () => {
    write(
      'skipped-step',
      bakery(
        'bella-vista-salon',
        '    goto: hours\n  - id: cake\n    when: { contains: cake }\n    reply: Cakes on Fridays.\n',
      ),
    );
    const checked = await demo('check', 'skipped-step', '--dir', dir);
    expect(checked.code).toBe(1);
    expect(checked.output).toMatch(/✗ step 2 \(cake\)\n\s+✗ not played: the steps before it lead elsewhere/);
  });
});

describe('`demo record` keeps the business the conversation had (point 4)', () => {
  it('writes an inline business whole, and an approved fixture as its one line', async () => {
    write(
      'inline-shop',
      'name: Inline shop\ndescription: A shop written inline.\nfallback: Hi!\nsteps: []\nbusiness:\n' +
        '  id: corner-shop\n  handle: cornershop\n  businessName: Corner Shop\n  verification: { status: approved }\n',
    );
    const server = createApp({ scenariosDir: dir, watchScenarios: false });
    const { url } = await server.listen(0, '127.0.0.1');
    vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      for (const [businessId, name] of [
        ['corner-shop', 'recorded-inline'],
        ['sunrise-bakery', 'recorded-approved'],
      ] as const) {
        const conversation = server.store.createConversation({
          businessId,
          userId: null,
          userType: 'anonymous',
          isOutsideBusinessHours: false,
          contextType: 'enduser',
        });
        server.store.addMessage(conversation.id, { role: 'user', text: 'Hello?' });
        server.store.addMessage(conversation.id, { role: 'model', text: 'Hi there!' });
        expect(await recordCommand({ conversationId: conversation.id, server: url, name, dir })).toBe(0);
      }
      const inline = loadScenarioFile(path.join(dir, 'recorded-inline.yaml'));
      expect(inline.ok && inline.scenario.business).toMatchObject({
        id: 'corner-shop',
        handle: 'cornershop',
      });
      const approved = loadScenarioFile(path.join(dir, 'recorded-approved.yaml'));
      expect(approved.ok && approved.scenario.business).toEqual({
        fixture: 'sunrise-bakery',
        approved: true,
      });
    } finally {
      vi.restoreAllMocks();
      await server.close();
    }
  });
});

describe('descriptions and check lines promise only what the page shows (point 8)', () => {
  it('the outside-hours scenario no longer promises a notice the page does not show', async () => {
    const listed = await demo('list');
    const line = listed.output.split('\n').find((l) => l.includes('outside-hours'))!;
    expect(line).not.toMatch(/shows the outside-hours notice/);
    expect(line).toContain('the page shows no hours notice');
    const checked = await demo('check', 'outside-hours');
    expect(checked.code).toBe(0);
    expect(checked.output).toContain('the page shows no notice');
    expect(checked.output).not.toMatch(/outside its hours now\)/);
  });
});

describe('a mistake saved while a demo runs (point 7)', () => {
  it('is said in the start terminal within a second with what still plays, and `list` says it too', async () => {
    const live = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-live-'));
    fs.writeFileSync(path.join(live, 'bakery-demo.yaml'), bakery('bella-vista-salon'));
    const server = createApp({ scenariosDir: live, watchScenarios: true });
    const { url } = await server.listen(0, '127.0.0.1');
    const printed: string[] = [];
    const stop = watchScenarioHealth(createControlClient(url), (line) => printed.push(line));
    try {
      await vi.waitFor(() => expect(server.scenarios.list()[0]?.valid).toBe(true));
      fs.writeFileSync(
        path.join(live, 'bakery-demo.yaml'),
        bakery('bella-vista-salon').replace('reply: We open at 7.', "reply: 'You're all set: see you'"),
      );
      await vi.waitFor(
        () =>
          expect(printed.join('\n')).toContain(
            `✗ ${path.basename(live)}/bakery-demo.yaml has a mistake; the demo keeps playing its last good version ("Bakery demo") until you fix it:`,
          ),
        { timeout: 1_000, interval: 20 },
      );
      expect(printed.join('\n')).toContain('the text has an apostrophe inside single quotes');

      const listed = await demo('list', '--dir', live, '--server', url);
      expect(listed.output).toContain(
        '✗ bakery-demo  (has a mistake; the running demo still plays its last good version: Hours, then a cake order.)',
      );
      expect(listed.output).not.toContain('no valid version yet');

      fs.writeFileSync(path.join(live, 'bakery-demo.yaml'), bakery('bella-vista-salon'));
      await vi.waitFor(
        () =>
          expect(printed.at(-1)).toBe(
            `✓ ${path.basename(live)}/bakery-demo.yaml is valid again: the demo plays the saved version.`,
          ),
        { timeout: 1_000, interval: 20 },
      );
    } finally {
      stop();
      await server.close();
      fs.rmSync(live, { recursive: true, force: true });
    }
  });
});

describe('what staff change per demo is a scenario field (point 5)', () => {
  it('names the assistant in one line, which `demo start` gives the web app it starts', async () => {
    write(
      'named-assistant',
      bakery('bella-vista-salon').replace('fallback:', 'assistantName: Rosie\nfallback:'),
    );
    const loaded = loadScenarioFile(path.join(dir, 'named-assistant.yaml'));
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    expect(webAppEnv(loaded.scenario)).toEqual({ VITE_ASSISTANT_NAME: 'Rosie' });
    expect(webAppEnv({})).toEqual({});
    write(
      'long-name',
      bakery('bella-vista-salon').replace('fallback:', `assistantName: ${'R'.repeat(41)}\nfallback:`),
    );
    const listed = await demo('list', '--dir', dir);
    expect(listed.output).toContain(
      'long-name.yaml, field assistantName: is too long: at most 40 characters',
    );
  });
});
