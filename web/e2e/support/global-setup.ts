/**
 * Once per e2e run: the page's static server, ONE mock server and ONE Chromium, shared by every
 * journey. Their addresses reach the test files through vitest's provide/inject (see provided.ts).
 *
 * Order matters: the static server's origin must be known before the mock server starts (it is the
 * CORS allowlist), and the mock server's URL before the app is built (it is baked into the bundle).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { buildWebApp } from './build-web-app.js';
import { startMockServer } from './mock-server.js';
import { startStaticServer } from './static-server.js';
import './provided.js';

const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts', import.meta.url));

/**
 * E2E_WEB_URL and E2E_SERVER_URL, both set, point the journeys at a stack that is already running
 * (the page and its mock server) instead of building and starting one; null when neither is set.
 */
function externalStack(): { webUrl: string; serverUrl: string } | null {
  const webUrl = process.env.E2E_WEB_URL;
  const serverUrl = process.env.E2E_SERVER_URL;
  if (!webUrl && !serverUrl) return null;
  if (!webUrl || !serverUrl) throw new Error('Set both E2E_WEB_URL and E2E_SERVER_URL, or neither');
  return { webUrl: webUrl.replace(/\/$/, ''), serverUrl: serverUrl.replace(/\/$/, '') };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  // Failure screenshots describe the last run only.
  await rm(ARTIFACTS_DIR, { recursive: true, force: true });
  // Stopped in reverse order at the end, or as soon as a later step fails (a failed build must not
  // leave servers holding the run open).
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const external = externalStack();
    if (external) {
      // A stack that is already running (the compose test's containers): only the browser is ours.
      const browserServer = await chromium.launchServer({
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
      });
      stops.push(() => browserServer.close());
      console.log(
        `e2e: against the running stack: page ${external.webUrl}, mock server ${external.serverUrl}`,
      );
      project.provide('webUrl', external.webUrl);
      project.provide('serverUrl', external.serverUrl);
      project.provide('browserWsEndpoint', browserServer.wsEndpoint());
      return stopAll;
    }
    const outDir = await mkdtemp(join(tmpdir(), 'chat-e2e-web-'));
    stops.push(() => rm(outDir, { recursive: true, force: true }));
    const web = await startStaticServer();
    stops.push(() => web.close());
    const server = await startMockServer({ webOrigin: web.origin });
    stops.push(() => server.close());
    const launching = chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    const [browserServer] = await Promise.all([
      launching,
      buildWebApp({ outDir, serverUrl: server.url }).catch(async (error: unknown) => {
        await (await launching).close();
        throw error;
      }),
    ]);
    stops.push(() => browserServer.close());
    web.serve(outDir);
    console.log(
      `e2e: app built and served at ${web.origin}, mock server at ${server.url}, ` +
        `Chromium ${CHROMIUM_PATH} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );

    project.provide('webUrl', web.origin);
    project.provide('serverUrl', server.url);
    project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
