// The built page's first load, for both backends: each build holds its configured backend in the main chunk
// and nothing of the other backend or of the configuration checks (both decided at build time:
// web/build/configured-app-plugin.ts); a Firebase build fetches the app and Firestore and no Firebase Auth /
// reCAPTCHA code until sign-in is needed. Prints the gzip sizes the README reports.
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
  readManifest,
  sourcesOf,
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

/** What only each backend's code holds (source paths as the source maps name them). */
const BACKEND_SOURCES = {
  local: [/packages\/local\/src\//, /node_modules\/(socket\.io-client|engine\.io-client)\//],
  firebase: [/packages\/firebase\/src\//, /node_modules\/(firebase|@firebase)\//],
} as const;

interface Build {
  outDir: string;
  manifest: Manifest;
  /** The main chunk (index.html's script). */
  main: string;
  /** Every file the first load fetches. */
  firstLoad: Set<string>;
  /** Every JS file built, with the modules it holds. */
  sources: Map<string, string[]>;
}

async function buildAndRead(backend: 'local' | 'firebase'): Promise<Build> {
  const outDir = await mkdtemp(join(tmpdir(), `chat-first-load-${backend}-`));
  await buildWebApp({
    outDir,
    serverUrl: 'http://127.0.0.1:4000',
    env: backend === 'firebase' ? FIREBASE_BUILD_ENV : {},
    manifest: true,
    sourcemap: true,
  });
  const manifest = await readManifest(outDir);
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const firstLoad = new Set([...htmlFetches(html), ...staticClosure(manifest, 'index.html')]);
  const allJs = (await readdir(join(outDir, 'assets'))).filter((f) => f.endsWith('.js'));
  const sources = await sourcesOf(
    outDir,
    allJs.map((file) => `assets/${file}`),
  );
  return { outDir, manifest, main: manifest['index.html']!.file, firstLoad, sources };
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

  it('holds its backend in the main chunk and nothing of the other backend', () => {
    const other = backend === 'local' ? 'firebase' : 'local';
    const main = build.sources.get(build.main)!;
    for (const pattern of BACKEND_SOURCES[backend]) {
      expect(
        main.some((source) => pattern.test(source)),
        `main chunk holds ${pattern}`,
      ).toBe(true);
    }
    for (const [file, sources] of build.sources) {
      for (const pattern of BACKEND_SOURCES[other]) {
        expect(
          sources.filter((source) => pattern.test(source)),
          `${file} holds ${pattern}`,
        ).toEqual([]);
      }
    }
  });

  it('ships the configuration, not the code that checks it', () => {
    for (const [file, sources] of build.sources) {
      expect(
        sources.filter((source) => /web\/(src\/config|build)\//.test(source)),
        file,
      ).toEqual([]);
    }
  });

  it('reports its first-load and later-load sizes (gzip)', async () => {
    const later = backend === 'firebase' ? laterFirebaseFiles(build) : new Set<string>();
    const firstKb = await gzipKb(build.outDir, ['index.html', ...build.firstLoad]);
    const laterKb = await gzipKb(build.outDir, later);
    console.log(
      `${backend} build: first load ${firstKb} kB gzip (index.html, ${[...build.firstLoad].join(', ')}); ` +
        `loaded later ${laterKb} kB gzip (${[...later].join(', ') || 'nothing'}); ${build.sources.size} JS files built`,
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

  it("names Firestore's SDK chunk as a later module, fetched once the welcome is painted (the local build none)", async () => {
    const later = (html: string) =>
      /<meta name="chat-later-modules" content="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
    const html = await readFile(join(build.outDir, 'index.html'), 'utf8');
    const sdk = manifestKey(build.manifest, 'packages/firebase/src/firestore-sdk.ts');
    expect(later(html)).toEqual([`/${build.manifest[sdk]!.file}`]);
    expect(build.firstLoad.has(build.manifest[sdk]!.file)).toBe(false);
    const local = await buildOf('local');
    expect(later(await readFile(join(local.outDir, 'index.html'), 'utf8'))).toEqual([]);
  }, 120_000);

  it('has Firestore on the first load (the business and its messages show without waiting for more)', async () => {
    const code = [...(await contents(build.outDir, build.firstLoad)).values()].join('\n');
    expect(code).toContain('firestore.googleapis.com');
  });
});
