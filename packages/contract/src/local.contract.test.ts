/**
 * The three contracts against packages/local over a real mock server on an ephemeral port. Two
 * servers: one streams replies in tiny chunks (so the streaming path is what the suites see),
 * one writes replies whole (the chat suite runs against both).
 */
import { afterAll, beforeAll } from 'vitest';
import { describeAuthProviderContract } from './auth-provider-contract.js';
import { describeChatServiceContract } from './chat-service-contract.js';
import { describeDataProviderContract } from './data-provider-contract.js';
import { localSubject, startMockServer, type RunningMockServer } from './local-harness.js';

let streaming: RunningMockServer;
let whole: RunningMockServer;

beforeAll(async () => {
  streaming = await startMockServer({ streaming: { chunkChars: 12, intervalMs: 2 } });
  whole = await startMockServer({ streaming: { chunkChars: 0, intervalMs: 0 } });
});

afterAll(async () => {
  await Promise.all([streaming?.server.close(), whole?.server.close()]);
});

describeDataProviderContract('local (streaming server)', async () => localSubject(streaming.url));
describeAuthProviderContract('local (streaming server)', async () => localSubject(streaming.url));
describeChatServiceContract('local (streaming replies)', async () => localSubject(streaming.url));
describeChatServiceContract('local (whole replies)', async () => localSubject(whole.url));
