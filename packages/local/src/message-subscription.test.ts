import type { ProviderError, Message, StreamState } from '@chat/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalDataProvider, type LocalDataProvider } from './local-data-provider.js';
import { startScriptedSocketServer, type ScriptedSocketServer } from './testing/scripted-socket-server.js';

const msg = (id: string, createdAt: number, text = id): Message => ({ id, role: 'user', text, createdAt });

/** An observer that records every list (as ids or texts) and every error. */
function recorder() {
  const lists: Message[][] = [];
  const errors: ProviderError[] = [];
  const states: StreamState[] = [];
  return {
    lists,
    errors,
    states,
    observer: {
      next: (list: Message[]) => lists.push(list),
      error: (e: ProviderError) => errors.push(e),
      state: (state: StreamState) => states.push(state),
    },
    ids: () => lists.at(-1)?.map((m) => m.id),
    texts: () => lists.at(-1)?.map((m) => m.text),
  };
}

let server: ScriptedSocketServer;
let data: LocalDataProvider;
let token: string | null;

beforeEach(async () => {
  server = await startScriptedSocketServer();
  token = null;
  data = createLocalDataProvider({
    serverUrl: server.url,
    getIdToken: async () => token,
    socketOptions: { reconnectionDelay: 10, reconnectionDelayMax: 20 },
    subscribeTimeoutMs: 500,
  });
});

afterEach(async () => {
  data.close();
  await server.close();
});

/**
 * A subscription to a conversation of its own on the same socket. Events on one connection arrive
 * in order, so once it sees a marker sent last, every event sent before has been handled too.
 */
async function witness() {
  const r = recorder();
  data.subscribeToMessages('witness', r.observer);
  await vi.waitFor(() => expect(r.lists.length).toBeGreaterThan(0));
  let marker = 1000;
  return {
    async seesEverythingSentSoFar() {
      const id = `marker-${++marker}`;
      server.upsert('witness', marker, msg(id, marker));
      await vi.waitFor(() => expect(r.ids()).toContain(id));
    },
  };
}

describe('subscribeToMessages', () => {
  it('reports the snapshot ordered by createdAt, then each upsert, ignoring stale and duplicate versions', async () => {
    server.answer = () => ({
      ok: true,
      messages: [
        { seq: 3, message: msg('late', 300) },
        { seq: 1, message: msg('early', 100) },
        { seq: 2, message: msg('tie-b', 200) },
        { seq: 4, message: msg('tie-a', 200) },
      ],
    });
    const r = recorder();

    data.subscribeToMessages('conv-1', r.observer);
    await vi.waitFor(() => expect(r.lists).toHaveLength(1));
    // Equal createdAt keeps the order in which the messages first appeared.
    expect(r.ids()).toEqual(['early', 'tie-b', 'tie-a', 'late']);

    server.upsert('conv-1', 5, msg('reply', 400, 'Hel'));
    await vi.waitFor(() => expect(r.texts()).toEqual(['early', 'tie-b', 'tie-a', 'late', 'Hel']));
    server.upsert('conv-1', 6, msg('reply', 400, 'Hello'));
    server.upsert('conv-1', 5, msg('reply', 400, 'Hel')); // a duplicate delivery
    server.upsert('conv-1', 2, msg('tie-b', 200, 'stale')); // older than what is held
    server.upsert('other-conv', 7, msg('elsewhere', 1));
    server.upsert('conv-1', 8, msg('first', 50));

    await vi.waitFor(() => expect(r.ids()).toEqual(['first', 'early', 'tie-b', 'tie-a', 'late', 'reply']));
    expect(r.texts()).toEqual(['first', 'early', 'tie-b', 'tie-a', 'late', 'Hello']);
    expect(r.lists).toHaveLength(4);
    expect(r.errors).toEqual([]);
    expect(server.subscribes).toEqual([{ conversationId: 'conv-1' }]);
  });

  it('holds upserts that arrive before the snapshot and reports them with it', async () => {
    server.answer = () => {
      // Sent before the answer on the same connection, so the client sees the upsert first.
      server.upsert('conv-1', 2, msg('b', 20));
      return { ok: true, messages: [{ seq: 1, message: msg('a', 10) }] };
    };
    const r = recorder();

    data.subscribeToMessages('conv-1', r.observer);

    await vi.waitFor(() => expect(r.ids()).toEqual(['a', 'b']));
    expect(r.lists).toHaveLength(1);
  });

  it('shows a message of an unknown type as an ordinary one, with an overlong smart reply clipped', async () => {
    // Written by another tool: a type this page does not know, a smart reply longer than it shows.
    const odd = { ...msg('odd', 100), role: 'model', type: 'carousel', smartReplies: ['z'.repeat(300)] };
    server.answer = () => ({ ok: true, messages: [{ seq: 1, message: odd as unknown as Message }] });
    const r = recorder();
    data.subscribeToMessages('conv-1', r.observer);
    await vi.waitFor(() => expect(r.lists).toHaveLength(1));
    const [shown] = r.lists[0]!;
    expect(shown).toMatchObject({ id: 'odd', role: 'model' });
    expect(shown!.type).toBeUndefined();
    expect(shown!.smartReplies?.[0]?.text).toHaveLength(200);
    expect(r.errors).toEqual([]);
  });

  it('resubscribes after a dropped connection from the last seq seen, with the token', async () => {
    server.answer = () => ({ ok: true, messages: [{ seq: 4, message: msg('a', 10) }] });
    token = 'tok-1';
    const r = recorder();
    data.subscribeToMessages('conv-1', r.observer);
    await vi.waitFor(() => expect(r.ids()).toEqual(['a']));
    server.upsert('conv-1', 9, msg('b', 20));
    await vi.waitFor(() => expect(r.ids()).toEqual(['a', 'b']));

    server.answer = () => ({ ok: true, messages: [{ seq: 10, message: msg('c', 30) }] });
    token = 'tok-2';
    server.dropConnections();

    await vi.waitFor(() => expect(r.ids()).toEqual(['a', 'b', 'c']));
    expect(server.subscribes).toEqual([
      { conversationId: 'conv-1', idToken: 'tok-1' },
      { conversationId: 'conv-1', afterSeq: 9, idToken: 'tok-2' },
    ]);

    // A server-side disconnect is survived too, and a resume with nothing new reports nothing.
    server.answer = () => ({ ok: true, messages: [] });
    server.kickClients();
    await vi.waitFor(() => expect(server.subscribes).toHaveLength(3));
    expect(server.subscribes[2]).toEqual({ conversationId: 'conv-1', afterSeq: 10, idToken: 'tok-2' });
    expect(r.lists).toHaveLength(3);
    expect(r.errors).toEqual([]);
    // Each drop was reported, and each resume after it.
    await vi.waitFor(() => expect(r.states).toEqual(['reconnecting', 'live', 'reconnecting', 'live']));
  });

  it('reports messages:error once and stops', async () => {
    const r = recorder();
    data.subscribeToMessages('conv-1', r.observer);
    await vi.waitFor(() => expect(r.lists).toHaveLength(1));

    const w = await witness();

    server.fail('conv-1', 'permission-denied', 'not yours');
    server.fail('conv-1', 'internal', 'again');
    server.upsert('conv-1', 1, msg('a', 1));
    await w.seesEverythingSentSoFar();

    expect(r.errors[0]).toMatchObject({ code: 'permission-denied', message: 'not yours' });
    await vi.waitFor(() => expect(server.unsubscribes).toEqual(['conv-1']));
    expect(r.lists).toHaveLength(1);
    expect(r.errors).toHaveLength(1);
  });

  it('reports a refused subscribe as an error with the server code', async () => {
    server.answer = () => ({ ok: false, error: { code: 'not-found', message: 'No such conversation' } });
    const r = recorder();

    data.subscribeToMessages('conv-1', r.observer);

    await vi.waitFor(() => expect(r.errors.map((e) => e.code)).toEqual(['not-found']));
    expect(r.lists).toEqual([]);
  });

  it('reports a server that never answers the subscribe as unavailable', async () => {
    server.answer = () => undefined;
    const r = recorder();

    data.subscribeToMessages('conv-1', r.observer);

    await vi.waitFor(() => expect(r.errors.map((e) => e.code)).toEqual(['unavailable']));
  });

  it('keeps several subscriptions apart and tells the server to stop only after the last one ends', async () => {
    server.answer = (p) => ({
      ok: true,
      messages: [{ seq: 1, message: msg(`first-${p.conversationId}`, 1) }],
    });
    const one = recorder();
    const two = recorder();
    const other = recorder();
    const stopOne = data.subscribeToMessages('conv-1', one.observer);
    const stopTwo = data.subscribeToMessages('conv-1', two.observer);
    const stopOther = data.subscribeToMessages('conv-2', other.observer);
    await vi.waitFor(() => expect([one, two, other].map((r) => r.lists.length)).toEqual([1, 1, 1]));

    stopOne();
    stopOne();
    server.upsert('conv-1', 2, msg('x', 2));
    server.upsert('conv-2', 2, msg('y', 2));
    await vi.waitFor(() => expect(two.ids()).toEqual(['first-conv-1', 'x']));
    await vi.waitFor(() => expect(other.ids()).toEqual(['first-conv-2', 'y']));
    expect(one.lists).toHaveLength(1);
    expect(server.unsubscribes).toEqual([]);

    stopTwo();
    stopOther();
    await vi.waitFor(() => expect([...server.unsubscribes].sort()).toEqual(['conv-1', 'conv-2']));
    const w = await witness();
    server.upsert('conv-1', 3, msg('z', 3));
    await w.seesEverythingSentSoFar();
    expect(two.lists).toHaveLength(2);
    expect(server.connectedCount()).toBe(1);
  });

  it('reports a malformed update as internal naming the field', async () => {
    const r = recorder();
    data.subscribeToMessages('conv-1', r.observer);
    await vi.waitFor(() => expect(r.lists).toHaveLength(1));

    server.upsert('conv-1', 1, { id: 'm', role: 'robot', text: 'x', createdAt: 1 } as never);

    await vi.waitFor(() => expect(r.errors).toHaveLength(1));
    expect(r.errors[0]?.code).toBe('internal');
    expect(r.errors[0]?.message).toContain('role');
  });
});
