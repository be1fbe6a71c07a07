/**
 * Issue 28, item 5: `demo start bakery-demo` while that demo runs said the page "keeps its
 * assistant's name; 'Rosie' shows once you stop it" while the page already said Rosie. The note now
 * comes from the name the running web app shows, which its mock server reports.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '@chat/mock-server';
import type { ChatMockServer } from '@chat/mock-server';
import { assistantNameNote } from './assistant-name-note.js';
import { createControlClient } from './control-client.js';

describe('what demo start says about a running page’s assistant name', () => {
  it('says the page already shows the name when it does, and asks for no restart', () => {
    const note = assistantNameNote('Rosie', 'Rosie');
    expect(note).toEqual({ ok: true, text: 'The page shows the assistant as "Rosie" (assistantName).' });
    expect(note!.text).not.toMatch(/stop|once you/);
  });

  it('asks for the restart only when the running page shows another name', () => {
    expect(assistantNameNote('Rosie', 'Ava')).toEqual({
      ok: false,
      text: 'The web app already runs, showing the assistant as "Ava"; "Rosie" (assistantName) shows once you stop the demo (Ctrl-C where it runs) and run this again.',
    });
    expect(assistantNameNote('Rosie', null)?.text).toContain(
      "showing the assistant as the page's default name",
    );
    expect(assistantNameNote(undefined, 'Rosie')?.text).toContain(
      'The page shows the assistant as "Rosie" (from the demo that started it); this scenario names none',
    );
    expect(assistantNameNote(undefined, null)).toBeNull();
  });

  it('does not claim to know when the server does not say', () => {
    expect(assistantNameNote('Rosie', undefined)?.text).toContain('if that is not "Rosie"');
  });
});

describe('the running server tells the web app’s name', () => {
  let server: ChatMockServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  for (const [given, reported] of [
    ['Rosie', 'Rosie'],
    [null, null],
  ] as const) {
    it(`GET /control/web-app says ${String(reported)} when started with ${String(given)}`, async () => {
      server = createApp({ webAssistantName: given });
      const { url } = await server.listen(0, '127.0.0.1');
      const answer = await createControlClient(url).get<{ assistantName: unknown }>('/control/web-app');
      expect(answer.assistantName).toBe(reported);
    });
  }
});
