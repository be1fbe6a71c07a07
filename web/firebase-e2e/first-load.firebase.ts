// The built page's first load, for both backends: a Firebase build fetches the app and Firestore and no
// Firebase Auth / reCAPTCHA code until sign-in is needed; each build preloads its backend from index.html
// so it downloads beside the main chunk. Prints the gzip sizes the README reports.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../e2e/support/build-web-app.js';
import {
  contents,
  gzipKb,
  htmlFetches,
  manifestKey,
  preloads,
  readManifest,
  staticClosure,
  type Manifest,
} from './support/built-files.js';
import { FIREBASE_BUILD_ENV } from './support/firebase-build-env.js';

/** Strings only Firebase Auth's phone sign-in and reCAPTCHA code contains (checked to exist below). */
const SIGN_IN_MARKERS = [
  'RecaptchaVerifier',
  'recaptcha',
  'identitytoolkit.googleapis.com',
  'signInWithPhoneNumber',
];

interface Build {
  outDir: string;
  html: string;
  manifest: Manifest;
  /** Every file the first load fetches. */
  firstLoad: Set<string>;
  /** The backend's chunk and its static imports. */
  backend: Set<string>;
}

async function buildAndRead(backend: 'local' | 'firebase'): Promise<Build> {
  const outDir = await mkdtemp(join(tmpdir(), `chat-first-load-${backend}-`));
  await buildWebApp({
    outDir,
    serverUrl: 'http://127.0.0.1:4000',
    env: backend === 'firebase' ? FIREBASE_BUILD_ENV : {},
    manifest: true,
  });
  const manifest = await readManifest(outDir);
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const main = staticClosure(manifest, 'index.html');
  const backendFiles = staticClosure(manifest, manifestKey(manifest, `packages/${backend}/src/index.ts`));
  // The app imports its backend at start (src/app/load-backend.ts), so that closure is first load too.
  const firstLoad = new Set([...htmlFetches(html), ...main, ...backendFiles]);
  return { outDir, html, manifest, firstLoad, backend: backendFiles };
}

// One build per backend for the whole file.
const builds = new Map<'local' | 'firebase', Promise<Build>>();
function buildOf(backend: 'local' | 'firebase'): Promise<Build> {
  let build = builds.get(backend);
  if (!build) {
    build = buildAndRead(backend);
    builds.set(backend, build);
  }
  return build;
}

afterAll(async () => {
  for (const build of builds.values()) {
    await build.then(({ outDir }) => rm(outDir, { recursive: true, force: true })).catch(() => {});
  }
});

describe.each(['firebase', 'local'] as const)('the %s build', (backend) => {
  let build: Build;

  beforeAll(async () => {
    build = await buildOf(backend);
  }, 120_000);

  it('preloads its backend chunk and what it imports from index.html', () => {
    const preloaded = preloads(build.html);
    const main = staticClosure(build.manifest, 'index.html');
    for (const file of build.backend) {
      if (file.endsWith('.js') && !main.has(file)) expect(preloaded).toContain(file);
    }
  });

  it('reports its first-load and later-load sizes (gzip)', async () => {
    const allJs = (await readdir(join(build.outDir, 'assets'))).filter((f) => f.endsWith('.js'));
    const later = backend === 'firebase' ? laterFirebaseFiles(build) : new Set<string>();
    const firstKb = await gzipKb(build.outDir, ['index.html', ...build.firstLoad]);
    const laterKb = await gzipKb(build.outDir, later);
    console.log(
      `${backend} build: first load ${firstKb} kB gzip (index.html, ${[...build.firstLoad].join(', ')}); ` +
        `loaded later ${laterKb} kB gzip (${[...later].join(', ') || 'nothing'}); ${allJs.length} JS files built`,
    );
    expect(firstKb).toBeGreaterThan(0);
  });
});

/** Firebase Auth's chunk and whatever it imports that the first load has not fetched already. */
function laterFirebaseFiles(build: Build): Set<string> {
  const auth = staticClosure(
    build.manifest,
    manifestKey(build.manifest, 'packages/firebase/src/firebase-auth-session.ts'),
  );
  return new Set([...auth].filter((file) => !build.firstLoad.has(file)));
}

describe('the Firebase build without sign-in code on the first load', () => {
  let build: Build;

  beforeAll(async () => {
    build = await buildOf('firebase');
  }, 120_000);

  it('keeps Firebase Auth and reCAPTCHA in a chunk the first load does not fetch', async () => {
    const later = laterFirebaseFiles(build);
    expect(later.size).toBeGreaterThan(0);
    const laterCode = [...(await contents(build.outDir, later)).values()].join('\n');
    // The markers are real: the sign-in chunk has every one of them …
    for (const marker of SIGN_IN_MARKERS) expect(laterCode).toContain(marker);
    // … and no first-load file has any.
    const firstLoad = await contents(build.outDir, build.firstLoad);
    for (const [file, code] of firstLoad) {
      for (const marker of SIGN_IN_MARKERS) {
        expect(code.includes(marker), `${file} contains "${marker}"`).toBe(false);
      }
    }
  });

  it('has Firestore on the first load (the business and its messages show without waiting for more)', async () => {
    const code = [...(await contents(build.outDir, build.backend)).values()].join('\n');
    expect(code).toContain('firestore.googleapis.com');
  });
});
