/**
 * Once per Firebase journey run: the static server, one mock server (the local data and chat the test
 * entry uses), the test-only entry (entry/) built with the Auth emulator's address, and one Chromium.
 * The Auth emulator itself is started by `npm run test:firebase` (scripts/test-firebase.mjs), which passes
 * its address in FIREBASE_AUTH_EMULATOR_HOST and its project in GCLOUD_PROJECT.
 */
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildWebApp } from '../../e2e/support/build-web-app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.js';
import { startMockServer } from '../../e2e/support/mock-server.js';
import { startStaticServer } from '../../e2e/support/static-server.js';
import { manifestKey, readManifest } from './built-files.js';
import './provided.js';

const ENTRY = 'firebase-e2e/entry/index.html';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const authEmulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const projectId = process.env.GCLOUD_PROJECT;
  if (!authEmulatorHost || !projectId) {
    throw new Error(
      'The Firebase journeys need the Auth emulator: run them with `npm run test:firebase`, which starts it ' +
        '(FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT are unset).',
    );
  }
  const started = Date.now();
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const outDir = await mkdtemp(join(tmpdir(), 'chat-firebase-e2e-'));
    stops.push(() => rm(outDir, { recursive: true, force: true }));
    const web = await startStaticServer();
    stops.push(() => web.close());
    const server = await startMockServer({ webOrigin: web.origin });
    stops.push(() => server.close());
    const browserServer = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    stops.push(() => browserServer.close());
    await buildWebApp({
      outDir,
      serverUrl: server.url,
      htmlEntry: ENTRY,
      manifest: true,
      env: { VITE_E2E_AUTH_EMULATOR_HOST: authEmulatorHost, VITE_E2E_FIREBASE_PROJECT_ID: projectId },
    });
    // The static server's single-page fallback serves outDir/index.html.
    await rename(join(outDir, ENTRY), join(outDir, 'index.html'));
    const manifest = await readManifest(outDir);
    const authChunk = manifest[manifestKey(manifest, 'packages/firebase/src/firebase-auth-session.ts')]!.file;
    web.serve(outDir);
    console.log(
      `firebase e2e: test entry built and served at ${web.origin}, mock server at ${server.url}, ` +
        `Auth emulator at ${authEmulatorHost} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    project.provide('webUrl', web.origin);
    project.provide('serverUrl', server.url);
    project.provide('browserWsEndpoint', browserServer.wsEndpoint());
    project.provide('authEmulatorHost', authEmulatorHost);
    project.provide('firebaseProjectId', projectId);
    project.provide('authChunk', authChunk);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
