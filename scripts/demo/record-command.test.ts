// Record, then replay: a conversation played with the built-in assistant becomes a scenario file
// that rehearses cleanly against the same server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingUpdateMessage, SMART_REPLY_TEXT } from '@chat/core';
import type { Message } from '@chat/core';
import { createLocalBackend } from '@chat/local';
import { createApp } from '@chat/mock-server';
import type { ChatMockServer } from '@chat/mock-server';
import { loadScenarioFile } from '@chat/assistant';
import { createChatSession, type ChatSession } from '@chat/session';
import { completeReplies, memoryStorage, until } from '@chat/session/testing';
import { createControlClient } from './control-client.js';
import { recordCommand } from './record-command.js';
import { stepsFrom } from './recorded-steps.js';
import { rehearseScenario } from './rehearse-scenario.js';

let dir: string;
let server: ChatMockServer;
let url: string;
const closing: Array<() => void> = [];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-record-'));
  server = createApp({ scenariosDir: dir, watchScenarios: false });
  ({ url } = await server.listen(0, '127.0.0.1'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  for (const close of closing.splice(0)) close();
  vi.restoreAllMocks();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A visitor on the chat page of the demo business — the page's ChatSession over the local backend. */
async function openVisitor(): Promise<{ session: ChatSession; conversationId: string }> {
  const { data, auth, chat, close } = createLocalBackend({ serverUrl: url });
  const business = await data.getBusinessById('bella-vista-salon');
  if (!business) throw new Error('the demo business is not on the server');
  const session = createChatSession({
    data,
    auth,
    chat,
    business,
    storage: memoryStorage(),
    conversationId: undefined,
  });
  closing.push(() => {
    session.stop();
    close?.();
  });
  session.start();
  const { conversation } = await until(session, (s) => s.conversation.status === 'ready' && s.loaded);
  if (conversation.status !== 'ready') throw new Error(`the conversation is ${conversation.status}`);
  return { session, conversationId: conversation.conversation.id };
}

/** The visitor sends `text`, and the assistant's reply arrives in full. */
async function visitorSays(session: ChatSession, text: string) {
  const before = completeReplies(session);
  expect(await session.send(text)).toBe(true);
  await until(session, () => completeReplies(session) > before, `the reply to "${text}"`);
}

it('writes a conversation as a valid scenario that replays as recorded, and never overwrites a file', async () => {
  const { session, conversationId } = await openVisitor();
  await visitorSays(session, 'Where are you located?');
  await visitorSays(session, bookingUpdateMessage('Friday 4 pm'));

  const options = { conversationId, server: url, name: 'my-recording', dir };
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

it('records a declined verification as an interrupt then a resume step, and a staff message as a comment, and replays', async () => {
  const { session, conversationId } = await openVisitor();
  const control = createControlClient(url);
  expect(await session.send('Can I change my booking to Friday?')).toBe(true);
  await until(session, (s) => s.interrupt !== null, 'the verification box');
  const stored = () => server.store.messages(conversationId);
  const auth = stored().find((m) => m.type === 'auth')!;
  // "Verify later" (decision 0010): the visitor's answer, then the resume.
  await session.declineInterrupt({ type: 'system', text: SMART_REPLY_TEXT.verifyLater });
  await vi.waitFor(() => expect(stored().filter((m) => m.role === 'model' && !m.streaming)).toHaveLength(3));
  await control.send('POST', `/control/conversations/${conversationId}/messages`, {
    text: 'Hi, this is Ana from the salon.',
  });
  await visitorSays(session, 'What are your hours?');
  await vi.waitFor(() => expect(stored().filter((m) => m.role === 'model' && !m.streaming)).toHaveLength(5));

  expect(await recordCommand({ conversationId, server: url, name: 'declined', dir })).toBe(0);
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

  it('takes a decline in the visitor’s language (the buttons are in Spanish on a Spanish page)', () => {
    const { steps } = stepsFrom([
      message('user', 'Quiero reservar'),
      message('model', 'Please verify first.', { type: 'auth', toolRequest } as Partial<Message>),
      message('user', 'Verificar más tarde'),
      message('model', 'De acuerdo.'),
    ]);
    expect(steps.map((s) => s.when)).toEqual([
      { text: 'Quiero reservar' },
      { resume: 'PHONE_SIGN_IN_DECLINED' },
    ]);
    expect(steps[1]!.reply).toBe('De acuerdo.');
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

// Issue 28, item 7: a recording dropped `assistantName` and was named "Recorded conversation 353da6d5…".
it('keeps the assistant’s name of the scenario played, and names the file and title from the business and day', async () => {
  fs.writeFileSync(
    path.join(dir, 'salon-demo.yaml'),
    [
      'name: Salon demo',
      'description: Questions at the salon.',
      'business: bella-vista-salon',
      'assistantName: Rosie',
      'fallback: Pardon?',
      'steps:',
      '  - { when: { contains: hours }, reply: We open at 9. }',
      '',
    ].join('\n'),
  );
  server.scenarios.reload();
  const control = createControlClient(url);
  await control.send('PUT', '/control/businesses/bella-vista-salon/scenario', { scenario: 'salon-demo' });
  const { session, conversationId } = await openVisitor();
  await visitorSays(session, 'What are your hours?');
  const day = new Date(server.store.getConversation(conversationId)!.createdAt).toISOString().slice(0, 10);

  expect(await recordCommand({ conversationId, server: url, name: undefined, dir })).toBe(0);
  const first = loadScenarioFile(path.join(dir, `bella-vista-salon-${day}.yaml`));
  if (!first.ok) throw new Error(first.errors.join('\n'));
  expect(first.scenario.assistantName).toBe('Rosie');
  expect(first.scenario.name).toBe(`Bella Vista Salon, recorded ${day}`);
  expect(first.scenario.steps[0]!.reply).toBe('We open at 9.');

  // A second recording that day gets the next free name; nothing is overwritten.
  expect(await recordCommand({ conversationId, server: url, name: undefined, dir })).toBe(0);
  expect(fs.existsSync(path.join(dir, `bella-vista-salon-${day}-2.yaml`))).toBe(true);
});
