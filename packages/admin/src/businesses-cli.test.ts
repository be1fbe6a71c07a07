/**
 * `npm run businesses` against the Firestore emulator (`npm run test:firestore` starts it and sets
 * FIRESTORE_EMULATOR_HOST; elsewhere this file is skipped): what an operator sees, what is stored, and
 * that the page's own provider, through firestore.rules, finds what was imported.
 */
import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFirestoreDataProvider } from '@chat/firebase';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runBusinessesCli } from './businesses-cli.js';

const EMULATOR = process.env.FIRESTORE_EMULATOR_HOST;
// Its own project, so the other suites on the same emulator never clear its documents.
const PROJECT = 'demo-business-admin';
const DEMO_FILE = new URL('../demo-businesses.json', import.meta.url).pathname;
const demo = () => JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as Array<Record<string, unknown>>;
const dir = mkdtempSync(join(tmpdir(), 'businesses-cli-'));

function fileWith(name: string, records: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(records));
  return path;
}

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runBusinessesCli([...argv, '--project', PROJECT], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { FIRESTORE_EMULATOR_HOST: EMULATOR },
    cwd: dir,
  });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

async function storedIds(collection: string): Promise<string[]> {
  const response = await fetch(
    `http://${EMULATOR}/v1/projects/${PROJECT}/databases/(default)/documents/${collection}`,
    { headers: { authorization: 'Bearer owner' } },
  );
  const body = (await response.json()) as { documents?: Array<{ name: string }> };
  return (body.documents ?? []).map((doc) => doc.name.split('/').at(-1)!).sort();
}

describe.skipIf(!EMULATOR)('npm run businesses, on the Firestore emulator', () => {
  beforeEach(async () => {
    await fetch(`http://${EMULATOR}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
      method: 'DELETE',
    });
  });

  const page = initializeApp({ projectId: PROJECT, apiKey: 'demo-key' }, 'businesses-cli-page');
  const pageDb = getFirestore(page);
  const [host, port] = (EMULATOR ?? '127.0.0.1:1').split(':');
  connectFirestoreEmulator(pageDb, host!, Number(port));
  const provider = createFirestoreDataProvider(pageDb);
  afterAll(() => deleteApp(page));

  it('imports the demo businesses with their handle index; list and show report them', async () => {
    const imported = await cli('import', DEMO_FILE);
    expect(imported.err).toBe('');
    expect(imported.status).toBe(0);
    expect(imported.out).toContain(
      `✓ Imported 5 businesses into project ${PROJECT} on the Firestore emulator`,
    );
    expect(await storedIds('businesses')).toEqual([
      'bella-vista-salon',
      'maple-dental',
      'night-owl-books',
      'quickfix-garage',
      'sunrise-bakery',
    ]);
    expect(await storedIds('handles')).toEqual([
      'bellavista',
      'mapledental',
      'nightowlbooks',
      'quickfixgarage',
      'sunrisebakery',
    ]);

    const listed = await cli('list');
    expect(listed.status).toBe(0);
    expect(listed.out).toContain('  bella-vista-salon  @bellavista  approved  Bella Vista Salon');
    expect(listed.out).toContain('  quickfix-garage  @quickfixgarage  denied  QuickFix Garage');

    const shown = await cli('show', '@sunrisebakery');
    expect(shown.status).toBe(0);
    expect(JSON.parse(shown.out)).toMatchObject({
      id: 'sunrise-bakery',
      verification: { status: 'pending' },
    });
    expect((await cli('show', '@nobody')).err).toContain('✗ no business "@nobody"');
  });

  it('is what the page finds by handle and by id, through the rules', async () => {
    await cli('import', DEMO_FILE);
    const byHandle = await provider.getBusinessByHandle('bellavista');
    expect(byHandle).toEqual(
      expect.objectContaining({ id: 'bella-vista-salon', businessName: 'Bella Vista Salon' }),
    );
    expect(await provider.getBusinessById('quickfix-garage')).toEqual(
      expect.objectContaining({ handle: 'quickfixgarage', verification: { status: 'denied' } }),
    );
    expect(await provider.getBusinessByHandle('nobody')).toBeNull();
  });

  it('refuses a bad file naming record and field, and writes nothing — not even its good records', async () => {
    const records = demo();
    records[2] = { ...records[2], verification: { status: 'maybe' } };
    const refused = await cli('import', fileWith('bad.json', records));
    expect(refused.status).toBe(1);
    expect(refused.err).toContain('was not imported (nothing was written)');
    expect(refused.err).toContain('record 3 ("quickfix-garage"), field verification.status:');
    expect(await storedIds('businesses')).toEqual([]);
    expect(await storedIds('handles')).toEqual([]);
  });

  it('refuses a handle that belongs to another business, changing nothing', async () => {
    await cli('import', DEMO_FILE);
    const [bella] = demo();
    const thief = { ...bella, id: 'copycat-salon', businessName: 'Copycat' };
    const [, sunrise] = demo();
    const refused = await cli(
      'import',
      fileWith('thief.json', [{ ...sunrise, description: 'changed' }, thief]),
    );
    expect(refused.status).toBe(1);
    expect(refused.err).toContain(
      'record 2 ("copycat-salon"), field handle: "bellavista" already belongs to business "bella-vista-salon"',
    );
    const kept = JSON.parse((await cli('show', 'sunrise-bakery')).out) as { description: string };
    expect(kept.description).toBe(sunrise!.description);
    expect(await storedIds('businesses')).not.toContain('copycat-salon');
    const shown = JSON.parse((await cli('show', 'bella-vista-salon')).out) as { description: string };
    expect(shown.description).toBe(bella!.description);
  });

  it('refuses `BellaVista` beside `bellavista`: handles are one whatever their case (issue 29)', async () => {
    await cli('import', DEMO_FILE);
    const [bella] = demo();
    const lookalike = { ...bella, id: 'lookalike-salon', businessName: 'Lookalike', handle: 'BellaVista' };
    const refused = await cli('import', fileWith('lookalike.json', [lookalike]));
    expect(refused.status).toBe(1);
    expect(refused.err).toContain(
      'record 1 ("lookalike-salon"), field handle: "bellavista" already belongs to business "bella-vista-salon"',
    );
    expect(await storedIds('businesses')).not.toContain('lookalike-salon');
    // The page's lookup follows the normal form: any case finds the one business.
    expect((await provider.getBusinessByHandle('BellaVista'))?.id).toBe('bella-vista-salon');
    expect((await provider.getBusinessByHandle('BELLAVISTA'))?.id).toBe('bella-vista-salon');
  });

  it('refuses a case-variant of a handle stored by other means in another case, and two in one file', async () => {
    // As an older import or the console left it: the handle as written, not lowercased.
    await fetch(
      `http://${EMULATOR}/v1/projects/${PROJECT}/databases/(default)/documents/businesses/old-salon`,
      {
        method: 'PATCH',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify({ fields: { handle: { stringValue: 'OldSalon' } } }),
      },
    );
    const [bella, sunrise] = demo();
    const refused = await cli('import', fileWith('old.json', [{ ...bella, handle: 'oldsalon' }]));
    expect(refused.status).toBe(1);
    expect(refused.err).toContain(
      '"oldsalon" already belongs to business "old-salon" as "OldSalon" (handles are the same whatever their case)',
    );
    const twice = await cli('import', fileWith('twice.json', [bella, { ...sunrise, handle: 'BELLAVISTA' }]));
    expect(twice.status).toBe(1);
    expect(twice.err).toContain(
      'record 2 ("sunrise-bakery"), field handle: "BELLAVISTA" is already the handle of record 1 ("bellavista": handles are the same whatever their case)',
    );
  });

  it('stores and indexes a handle given in capitals in its normal form', async () => {
    const [bella] = demo();
    const imported = await cli('import', fileWith('caps.json', [{ ...bella, handle: 'BellaVista' }]));
    expect(imported.status).toBe(0);
    expect(imported.out).toContain('bella-vista-salon  @bellavista  approved');
    expect(await storedIds('handles')).toEqual(['bellavista']);
    expect((await provider.getBusinessByHandle('bellaVista'))?.handle).toBe('bellavista');
  });

  it('moves the index along when a business changes its handle, and lets two businesses swap theirs', async () => {
    await cli('import', DEMO_FILE);
    const [bella, sunrise] = demo();
    expect((await cli('import', fileWith('renamed.json', [{ ...bella, handle: 'bella' }]))).status).toBe(0);
    expect(await storedIds('handles')).toContain('bella');
    expect(await storedIds('handles')).not.toContain('bellavista');
    expect(await provider.getBusinessByHandle('bellavista')).toBeNull();

    const swap = [
      { ...bella, handle: sunrise!.handle },
      { ...sunrise, handle: 'bella' },
    ];
    const swapped = await cli('import', fileWith('swap.json', swap));
    expect(swapped.err).toBe('');
    expect((await provider.getBusinessByHandle('sunrisebakery'))?.id).toBe('bella-vista-salon');
    expect((await provider.getBusinessByHandle('bella'))?.id).toBe('sunrise-bakery');
    expect((await cli('list')).status).toBe(0);
  });

  it('lists a business written by other means that the page cannot read, and fails', async () => {
    await fetch(
      `http://${EMULATOR}/v1/projects/${PROJECT}/databases/(default)/documents/businesses/by-hand`,
      {
        method: 'PATCH',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify({
          fields: { businessName: { stringValue: 'By hand' }, handle: { stringValue: 'byhand' } },
        }),
      },
    );
    const listed = await cli('list');
    expect(listed.status).toBe(1);
    expect(listed.out).toContain(
      'by-hand  @byhand  undefined  By hand  ✗ the page cannot read it as stored: verification:',
    );
    expect(listed.out).toContain('✗ its handle has no index entry');
  });
});
