// The local stand-in of Firebase Hosting sends firebase.json's headers (issue 29): read from the file, not
// copied, the policy widened for the emulators only by their origins — checked on what the server sends.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emulatorHostingHeaders,
  FIREBASE_JSON,
  headersFor,
  readHostingHeaderRules,
} from '../hosting-headers.mjs';
import { startHostingServer } from '../hosting-server.mjs';

const firebaseJson = JSON.parse(await readFile(FIREBASE_JSON, 'utf8'));
/** firebase.json's value of `key` in its rule for `source`. */
const configured = (source, key) =>
  firebaseJson.hosting.headers.find((rule) => rule.source === source).headers.find((h) => h.key === key)
    .value;
const directives = (policy) =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe("firebase.json's hosting headers, served locally", () => {
  it('are what firebase.json says for each path, the later rule winning', () => {
    const rules = readHostingHeaderRules();
    expect(headersFor(rules, '/chat/@bellavista')).toMatchObject({
      'Content-Security-Policy': configured('**', 'Content-Security-Policy'),
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Permissions-Policy': configured('**', 'Permissions-Policy'),
      'Cross-Origin-Opener-Policy': configured('**', 'Cross-Origin-Opener-Policy'),
    });
    expect(headersFor(rules, '/assets/index-abc.js')['Cache-Control']).toBe(
      configured('/assets/**', 'Cache-Control'),
    );
  });

  it("for the emulators, add only the emulators' origins to connect-src and the local pages to frame-ancestors", () => {
    const production = directives(configured('**', 'Content-Security-Policy'));
    const served = directives(
      emulatorHostingHeaders(['127.0.0.1:8080', '127.0.0.1:9099'])('/')['Content-Security-Policy'],
    );
    expect(served['connect-src']).toEqual([
      ...production['connect-src'],
      'http://127.0.0.1:8080',
      'http://127.0.0.1:9099',
    ]);
    expect(served['frame-ancestors']).toEqual([
      ...production['frame-ancestors'],
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
    // Plain http locally: nothing to upgrade to. Every other directive is production's, unchanged.
    expect(production).toHaveProperty('upgrade-insecure-requests');
    const { 'connect-src': _c, 'frame-ancestors': _f, 'upgrade-insecure-requests': _u, ...rest } = production;
    expect(served).toEqual({
      ...rest,
      'connect-src': served['connect-src'],
      'frame-ancestors': served['frame-ancestors'],
    });
  });
});

describe('the local hosting server', () => {
  let dir;
  let hosting;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hosting-headers-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>page</title>');
    hosting = await startHostingServer({
      host: '127.0.0.1',
      port: 0,
      chatServiceUrl: 'http://127.0.0.1:1',
      headersFor: emulatorHostingHeaders(['127.0.0.1:8080']),
    });
    hosting.serve(dir);
  });
  afterAll(async () => {
    await hosting?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends them with the page on every route', async () => {
    const answer = await fetch(`http://127.0.0.1:${hosting.port}/chat/@bellavista`);
    expect(answer.status).toBe(200);
    const policy = answer.headers.get('content-security-policy');
    expect(policy).toContain(configured('**', 'Content-Security-Policy').split(';')[1].trim());
    expect(policy).toContain('http://127.0.0.1:8080');
    expect(answer.headers.get('permissions-policy')).toBe(configured('**', 'Permissions-Policy'));
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
