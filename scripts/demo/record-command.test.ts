// Record, then replay: a conversation played with the built-in assistant becomes a scenario file
// that rehearses cleanly against the same server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingUpdateMessage, CHAT_PATH } from '@chat/core';
import type { Message } from '@chat/core';
import { createApp } from '@chat/mock-server';
import type { ChatMockServer } from '@chat/mock-server';
import { loadScenarioFile } from '@chat/assistant';
import { createControlClient } from './control-client.js';
import { recordCommand } from './record-command.js';
import { stepsFrom } from './recorded-steps.js';
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

/** An anonymous visitor's conversation with the demo business, straight in the store. */
function newVisitorConversation() {
  return server.store.createConversation({
    businessId: 'bella-vista-salon',
    userId: null,
    userType: 'anonymous',
    isOutsideBusinessHours: false,
    contextType: 'enduser',
  });
}

it('writes a conversation as a valid scenario that replays as recorded, and never overwrites a file', async () => {
  const conversation = newVisitorConversation();
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

async function resumeDeclined(conversationId: string, toolRequest: unknown) {
  const response = await fetch(`${url}${CHAT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      conversationId,
      businessId: 'bella-vista-salon',
      profileId: 'bella-vista-salon',
      userTimezone: 'America/New_York',
      resume: {
        respond: [
          {
            toolRequest,
            response: {
              requiresAuth: true,
              action: 'PHONE_SIGN_IN_DECLINED',
              message: 'Verify later',
              declined: true,
            },
          },
        ],
      },
    }),
  });
  expect(response.status).toBe(200);
}

it('records a declined verification as an interrupt then a resume step, and a staff message as a comment, and replays', async () => {
  const conversation = newVisitorConversation();
  const control = createControlClient(url);
  await visitorSays(conversation.id, 'Can I change my booking to Friday?');
  const stored = () => server.store.messages(conversation.id);
  await vi.waitFor(() => expect(stored().some((m) => m.type === 'auth')).toBe(true));
  const auth = stored().find((m) => m.type === 'auth')!;
  // What the page does on "Verify later" (decision 0010): the visitor's answer, then the resume.
  server.store.addMessage(conversation.id, { role: 'user', text: 'Verify later' });
  await resumeDeclined(conversation.id, auth.toolRequest);
  await vi.waitFor(() => expect(stored().filter((m) => m.role === 'model' && !m.streaming)).toHaveLength(3));
  await control.send('POST', `/control/conversations/${conversation.id}/messages`, {
    text: 'Hi, this is Ana from the salon.',
  });
  await visitorSays(conversation.id, 'What are your hours?');
  await vi.waitFor(() => expect(stored().filter((m) => m.role === 'model' && !m.streaming)).toHaveLength(5));

  expect(await recordCommand({ conversationId: conversation.id, server: url, name: 'declined', dir })).toBe(
    0,
  );
  const file = path.join(dir, 'declined.yaml');
  const loaded = loadScenarioFile(file);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  const steps = loaded.scenario.steps;
  expect(steps.map((s) => s.when)).toEqual([
    { text: 'Can I change my booking to Friday?' },
    { resume: 'PHONE_SIGN_IN_DECLINED' },
    { text: 'What are your hours?' },
  ]);
  const replies = stored()
    .filter((m) => m.role === 'model' && m.type !== 'auth')
    .map((m) => m.text);
  expect(steps[0]).toMatchObject({ reply: replies[0], interrupt: auth.text });
  expect(steps[1]!.reply).toBe(replies[1]);
  expect(steps[2]!.reply).toBe(replies[3]);
  expect(steps.some((s) => s.reply?.includes('Ana'))).toBe(false);
  expect(fs.readFileSync(file, 'utf8')).toMatch(
    /# Here a staffer sent from the console[^\n]*\n\s*# {3}Hi, this is Ana from the salon\.\n\s*- when:\n\s*text: What are your hours\?/,
  );

  server.scenarios.reload();
  const rehearsal = await rehearseScenario(control, 'declined', loaded.scenario);
  expect(rehearsal.results.filter((r) => !r.ok)).toEqual([]);
});

describe('reading a conversation into steps', () => {
  let n = 0;
  const message = (role: Message['role'], text: string, extra: Partial<Message> = {}) => ({
    message: { id: `m${++n}`, role, text, createdAt: n, ...extra } as Message,
  });
  const toolRequest = { name: 'requestPhoneSignIn', ref: 'r1', input: {} };

  it('takes the verified notice the page writes, in any language, as a PHONE_SIGN_IN resume', () => {
    const { steps } = stepsFrom([
      message('user', bookingUpdateMessage('Friday 4 pm')),
      message('model', 'Happy to move it.'),
      message('model', 'Please verify first.', { type: 'auth', toolRequest } as Partial<Message>),
      message('system', '✓ Número de teléfono verificado correctamente', { type: 'system' }),
      message('model', 'Moved to Friday 4 pm.'),
    ]);
    expect(steps).toEqual([
      {
        when: { bookingUpdate: 'Friday 4 pm' },
        reply: 'Happy to move it.',
        interrupt: 'Please verify first.',
        notes: [],
      },
      { when: { resume: 'PHONE_SIGN_IN' }, reply: 'Moved to Friday 4 pm.', notes: [] },
    ]);
  });

  it('skips a closed box, and says so when a client did not write down how the box was answered', () => {
    const closed = stepsFrom([
      message('user', 'book me'),
      message('model', 'Please verify first.', { type: 'auth', toolRequest } as Partial<Message>),
      message('system', 'Authentication cancelled', { type: 'system' }),
      message('user', 'hours?'),
      message('model', '9 to 5.'),
    ]).steps;
    expect(closed.map((s) => s.when)).toEqual([{ text: 'book me' }, { text: 'hours?' }]);
    expect(closed[1]!.reply).toBe('9 to 5.');

    const unsaid = stepsFrom([
      message('user', 'book me'),
      message('model', 'Please verify first.', { type: 'auth', toolRequest } as Partial<Message>),
      message('model', 'No problem.'),
    ]).steps;
    expect(unsaid[1]).toMatchObject({ when: { resume: 'PHONE_SIGN_IN_DECLINED' }, reply: 'No problem.' });
    expect(unsaid[1]!.notes.join(' ')).toContain('Declined is assumed');
  });
});
