import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScenarioLibrary } from './scenario-library.js';
import type { ScenarioLibrary } from './scenario-library.js';

const FIXTURES = path.join(import.meta.dirname, 'test-scenarios');

describe('the scenario library', () => {
  let dir: string;
  let library: ScenarioLibrary | null = null;
  const warnings: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenarios-'));
    for (const name of fs.readdirSync(FIXTURES))
      fs.copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
    warnings.length = 0;
  });
  afterEach(() => {
    library?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports a broken file at start with its file, step and problem, and serves the valid ones', () => {
    library = createScenarioLibrary({ dir, logger, watch: false });
    const broken = library.list().find((s) => s.id === 'broken-step');
    const greeting = library.list().find((s) => s.id === 'greeting');
    expect(broken).toMatchObject({ id: 'broken-step', valid: false, servingLastValid: false });
    expect(broken!.errors[0]).toMatch(/broken-step\.yaml, step 2 \(wrong\), when: unknown field "say"/);
    expect(warnings.some((w) => w.includes('broken-step.yaml, step 2 (wrong)'))).toBe(true);
    expect(library.get('broken-step')).toBeNull();
    expect(greeting).toMatchObject({
      id: 'greeting',
      valid: true,
      name: 'Greeting',
      businessId: 'bella-vista-salon',
    });
  });

  it('reloads a changed file, keeps serving its last valid version while it is broken, and never throws', async () => {
    library = createScenarioLibrary({ dir, logger });
    const file = path.join(dir, 'greeting.yaml');
    const original = fs.readFileSync(file, 'utf8');

    fs.writeFileSync(file, original.replace('Hello from the script!', 'Hello again!'));
    await vi.waitFor(() => expect(library!.get('greeting')?.steps[0]?.reply).toBe('Hello again!'), {
      timeout: 5_000,
    });

    fs.writeFileSync(
      file,
      original.replace('when: { contains: hello }', 'when: { contains: hello, text: hi }'),
    );
    await vi.waitFor(() => expect(library!.list().find((s) => s.id === 'greeting')?.valid).toBe(false), {
      timeout: 5_000,
    });
    const listing = library.list().find((s) => s.id === 'greeting')!;
    expect(listing.servingLastValid).toBe(true);
    expect(listing.errors[0]).toContain('greeting.yaml, step 1 (hello), when:');
    expect(library.get('greeting')?.steps[0]?.reply).toBe('Hello again!');

    fs.writeFileSync(file, ': : not yaml [');
    await vi.waitFor(
      () => expect(library!.list().find((s) => s.id === 'greeting')?.errors[0]).toContain('not valid YAML'),
      { timeout: 5_000 },
    );
    expect(library.get('greeting')?.steps[0]?.reply).toBe('Hello again!');

    fs.writeFileSync(path.join(dir, 'added.yaml'), original);
    await vi.waitFor(() => expect(library!.get('added')).not.toBeNull(), { timeout: 5_000 });
    fs.rmSync(path.join(dir, 'added.yaml'));
    await vi.waitFor(() => expect(library!.get('added')).toBeNull(), { timeout: 5_000 });
  });

  it('names the first scenario (by id) that brings a business inline, and follows reloads', () => {
    const inline = (name: string) =>
      [
        `name: ${name}`,
        'description: Brings its own business.',
        'business:',
        '  id: maple-dental',
        '  handle: mapledental',
        '  businessName: Maple Dental Studio',
        '  verification: { status: pending }',
        'fallback: Pardon?',
        'steps: []',
      ].join('\n');
    fs.writeFileSync(path.join(dir, 'b-second.yaml'), inline('Second'));
    fs.writeFileSync(path.join(dir, 'a-first.yaml'), inline('First'));
    library = createScenarioLibrary({ dir, logger, watch: false });
    expect(library.list().find((s) => s.id === 'a-first')?.errors).toEqual([]);
    expect(library.inlineScenarioFor('maple-dental')).toBe('a-first');
    // A scenario that only names a business by id does not bring it.
    expect(library.inlineScenarioFor('bella-vista-salon')).toBeNull();

    fs.rmSync(path.join(dir, 'a-first.yaml'));
    library.reload();
    expect(library.inlineScenarioFor('maple-dental')).toBe('b-second');
    fs.rmSync(path.join(dir, 'b-second.yaml'));
    library.reload();
    expect(library.inlineScenarioFor('maple-dental')).toBeNull();
  });

  it("refuses a new file whose inline business takes a served scenario's business id or handle; an identical copy is fine", () => {
    const inline = (id: string, handle: string, name: string) =>
      `name: ${name}\ndescription: d\nbusiness: { id: ${id}, handle: ${handle}, businessName: ${name}, verification: { status: approved } }\nfallback: Pardon?\nsteps: []\n`;
    fs.writeFileSync(path.join(dir, 'night.yaml'), inline('night-owl', 'nightowl', 'Night Owl'));
    library = createScenarioLibrary({ dir, logger, watch: false });
    // Sorted before night.yaml, yet night.yaml was served first and keeps its business.
    fs.writeFileSync(path.join(dir, 'a-copy.yaml'), inline('night-owl', 'nightowl', 'Night Owl'));
    fs.writeFileSync(path.join(dir, 'a-other.yaml'), inline('night-owl', 'other', 'Other'));
    fs.writeFileSync(path.join(dir, 'a-handle.yaml'), inline('mine', 'NightOwl', 'Mine'));
    library.reload();
    const errors = (id: string) => library!.list().find((s) => s.id === id)?.errors;
    const folder = path.basename(dir);
    expect(errors('night')).toEqual([]);
    expect(errors('a-copy')).toEqual([]);
    expect(errors('a-other')).toEqual([
      `${folder}/a-other.yaml, field business.id: "night-owl" is already the business of ${folder}/night.yaml; give this business its own id`,
    ]);
    expect(errors('a-handle')).toEqual([
      `${folder}/a-handle.yaml, field business.handle: "NightOwl" is already the handle of the business of ${folder}/night.yaml; give this business its own handle`,
    ]);
    expect(library.get('a-other')).toBeNull();
  });

  it('keeps what it has when the folder disappears', () => {
    library = createScenarioLibrary({ dir, logger, watch: false });
    fs.rmSync(dir, { recursive: true, force: true });
    library.reload();
    expect(library.get('greeting')).not.toBeNull();
    expect(warnings.some((w) => w.includes('cannot be read'))).toBe(true);
  });

  it('refuses two files for one scenario name, naming both, and keeps serving the last valid version', () => {
    library = createScenarioLibrary({ dir, logger, watch: false });
    expect(library.get('greeting')).not.toBeNull();
    fs.copyFileSync(path.join(dir, 'greeting.yaml'), path.join(dir, 'greeting.yml'));
    library.reload();
    const listing = library.list().find((s) => s.id === 'greeting')!;
    expect(listing).toMatchObject({ valid: false, servingLastValid: true });
    expect(listing.errors).toEqual([
      `${path.basename(dir)}/greeting.yaml and ${path.basename(dir)}/greeting.yml are both scenario "greeting": delete or rename one of them (only one file may have a name)`,
    ]);
    expect(library.list().filter((s) => s.id === 'greeting')).toHaveLength(1);
    fs.rmSync(path.join(dir, 'greeting.yml'));
    library.reload();
    expect(library.list().find((s) => s.id === 'greeting')?.valid).toBe(true);
  });
});
