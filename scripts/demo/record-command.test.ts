// Record, then replay: a conversation played with the built-in assistant becomes a scenario file
// that rehearses cleanly against the same server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { bookingUpdateMessage, CHAT_PATH } from '@chat/core';
import { createApp } from '@chat/mock-server';
import type { ChatMockServer } from '@chat/mock-server';
import { loadScenarioFile } from '@chat/mock-server/scenarios';
import { createControlClient } from './control-client.js';
import { recordCommand } from './record-command.js';
import { rehearseScenario } from './rehearse-scenario.js';

let dir: string;
let server: ChatMockServer;
let url: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-record-'));
  server = createApp({ scenariosDir: dir, watchScenarios: false });
  ({ url } = await server.listen(0, '127.0.0.1'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function visitorSays(conversationId: string, text: string) {
  server.store.addMessage(conversationId, { role: 'user', text });
  const response = await fetch(`${url}${CHAT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      message: text,
      conversationId,
      businessId: 'bella-vista-salon',
      profileId: 'bella-vista-salon',
      userTimezone: 'America/New_York',
    }),
  });
  expect(response.status).toBe(200);
}

it('writes a conversation as a valid scenario that replays as recorded, and never overwrites a file', async () => {
  const conversation = server.store.createConversation({
    businessId: 'bella-vista-salon',
    userId: null,
    userType: 'anonymous',
    isOutsideBusinessHours: false,
    contextType: 'enduser',
  });
  await visitorSays(conversation.id, 'Where are you located?');
  await visitorSays(conversation.id, bookingUpdateMessage('Friday 4 pm'));

  const options = { conversationId: conversation.id, server: url, name: 'my-recording', dir };
  expect(await recordCommand(options)).toBe(0);
  const loaded = loadScenarioFile(path.join(dir, 'my-recording.yaml'));
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  expect(loaded.scenario.business).toBe('bella-vista-salon');
  expect(loaded.scenario.steps.map((s) => s.when)).toEqual([
    { text: 'Where are you located?' },
    { bookingUpdate: 'Friday 4 pm' },
  ]);
  expect(loaded.scenario.steps[0]!.reply).toContain('Seventh Avenue');

  server.scenarios.reload();
  const rehearsal = await rehearseScenario(createControlClient(url), 'my-recording', loaded.scenario);
  expect(rehearsal.results.filter((r) => !r.ok)).toEqual([]);

  await expect(recordCommand(options)).rejects.toThrow('already exists');
  await expect(recordCommand({ ...options, conversationId: 'nope', name: 'other' })).rejects.toThrow(
    'Conversation nope not found',
  );
});
