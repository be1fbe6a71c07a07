/**
 * Once per journey run on the Firebase stack (web/vitest.e2e-firebase.config.ts): the whole stack as
 * `npm run start:firebase` starts it, but on free ports — the Firestore and Auth emulators, the demo
 * businesses imported with the businesses tool, the production chat service, the page built for the
 * Firebase backend and served with /api/chat proxied (scripts/lib/firebase-stack.mjs) — and one Chromium,
 * shared by every journey. Each test resets what visitors made (support/firebase-stack-driver.ts).
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startFirebaseStack } from '../../../scripts/lib/firebase-stack.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
import { startCuttableProxy, type CuttableProxy } from './cuttable-proxy.js';
import '../../firebase-e2e/support/provided.js';
import './provided.js';

const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  await rm(ARTIFACTS_DIR, { recursive: true, force: true });
  const browserServer = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  // The page reaches Firestore through a relay the 'Reconnecting…' journey cuts (support/cuttable-proxy.ts).
  let relay: CuttableProxy | undefined;
  const stack = await startFirebaseStack({
    firestoreHostForPage: async (firestoreHost) => {
      relay = await startCuttableProxy(firestoreHost);
      return relay.hostPort;
    },
    // Replies paced so that one takes about a second — the service writes the growing text at most every
    // 250 ms, so a journey sees it grow in several steps; the per-client and per-visitor limits out of
    // the way of one machine running every journey from one address.
    chatServiceEnv: {
      STREAM_CHUNK_CHARS: '12',
      STREAM_INTERVAL_MS: '40',
      RATE_LIMIT_PER_CLIENT: '100000',
      LIMIT_VISITOR_CALLS: '100000',
      LIMIT_CONVERSATION_CALLS: '1000',
      LOG_LEVEL: 'warn',
    },
    log: (line) => console.log(`firebase stack: ${line}`),
  }).catch(async (error: unknown) => {
    await relay?.close();
    await browserServer.close();
    throw error;
  });
  console.log(
    `e2e on the Firebase stack: page ${stack.webUrl}, Firestore ${stack.firestoreHost}, Auth ` +
      `${stack.authHost}, chat service ${stack.chatServiceUrl} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  project.provide('stack', 'firebase');
  project.provide('webUrl', stack.webUrl);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  project.provide('firestoreEmulatorHost', stack.firestoreHost);
  project.provide('authEmulatorHost', stack.authHost);
  project.provide('firebaseProjectId', stack.projectId);
  project.provide('firestoreCutUrl', relay!.controlUrl);
  return async () => {
    await browserServer.close();
    await stack.stop();
    await relay?.close();
  };
}
