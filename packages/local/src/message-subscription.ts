/**
 * One live subscription to a conversation's messages over the shared socket (SOCKET_EVENTS).
 *
 * The server sends a snapshot in the subscribe ack, then an upsert for every addition or change,
 * each with a sequence number. The subscription keeps the newest version of every message and the
 * highest sequence number seen, so after a reconnect it asks only for what came later and nothing
 * is lost or shown twice.
 *
 * Limits: the whole list is kept in memory and re-sorted on every change (fine for a chat's few
 * hundred messages, not for thousands); deletions are not part of the protocol.
 */
import {
  ProviderError,
  SOCKET_EVENTS,
  readSubscribeAck,
  readSubscriptionErrorEvent,
  readUpsertEvent,
  type Message,
  type MessagesObserver,
  type SubscribePayload,
  type Unsubscribe,
} from '@chat/core';
import type { LocalSocket } from './socket-connection.js';

export interface MessageSubscriptionOptions {
  socket: LocalSocket;
  conversationId: string;
  observer: MessagesObserver;
  /** The signed-in visitor's token (a conversation created signed in needs it), or null. */
  getIdToken: () => Promise<string | null>;
  /**
   * A new ID token in place of one the server refused (its clock moved past the token's hour, or the
   * token ran out while subscribed): the subscription resumes with it instead of failing.
   */
  renewIdToken: (rejected: string) => Promise<string | null>;
  /** How long to wait for the server's answer to a subscribe while connected. */
  ackTimeoutMs: number;
  /** Called once when the subscription ends, by unsubscribe or by an error. */
  onEnd: () => void;
}

interface Entry {
  message: Message;
  /** The sequence number of the version held. */
  seq: number;
  /** The sequence number of the first version seen: a stable tie-breaker for equal createdAt. */
  order: number;
}

export function subscribeToConversationMessages(options: MessageSubscriptionOptions): Unsubscribe {
  const { socket, conversationId, observer } = options;
  const entries = new Map<string, Entry>();
  let lastSeq: number | null = null;
  /** False until the first snapshot arrived: upserts before it are kept but not reported alone. */
  let ready = false;
  let ended = false;
  /** Each (re)subscribe attempt's number; answers to older attempts are ignored. */
  let attempt = 0;
  /** The socket dropped after the first snapshot; cleared by the next successful (re)subscribe. */
  let reconnecting = false;
  /** The token the last subscribe sent (null: anonymous). */
  let sentToken: string | null = null;

  function apply(seq: number, message: Message): boolean {
    const held = entries.get(message.id);
    if (held && seq <= held.seq) return false;
    entries.set(message.id, { message, seq, order: held?.order ?? seq });
    lastSeq = lastSeq === null ? seq : Math.max(lastSeq, seq);
    return true;
  }

  function publish(): void {
    const list = [...entries.values()]
      .sort((a, b) => a.message.createdAt - b.message.createdAt || a.order - b.order || compare(a, b))
      .map((entry) => entry.message);
    observer.next(list);
  }

  function fail(error: ProviderError): void {
    if (ended) return;
    end();
    observer.error(error);
  }

  async function subscribe(): Promise<void> {
    const mine = ++attempt;
    let idToken: string | null;
    try {
      idToken = await options.getIdToken();
    } catch (error) {
      fail(error instanceof ProviderError ? error : new ProviderError('unauthenticated', String(error)));
      return;
    }
    // Not connected: the 'connect' handler subscribes again once the socket is back.
    if (ended || mine !== attempt || !socket.connected) return;
    const payload: SubscribePayload = { conversationId };
    if (lastSeq !== null) payload.afterSeq = lastSeq;
    if (idToken) payload.idToken = idToken;
    sentToken = idToken;
    socket.timeout(options.ackTimeoutMs).emit(SOCKET_EVENTS.subscribe, payload, (timeout, answer) => {
      if (ended || mine !== attempt) return;
      if (timeout) {
        // A disconnect also ends here; the reconnect resubscribes, so only a silent connected server is an error.
        if (socket.connected)
          fail(new ProviderError('unavailable', 'The live messages server did not answer.'));
        return;
      }
      const ack = readSubscribeAck(answer);
      if (!ack.ok) {
        fail(new ProviderError('internal', `Unexpected subscribe answer: ${ack.problem}`));
        return;
      }
      if (!ack.value.ok) {
        void refused(new ProviderError(ack.value.error.code, ack.value.error.message));
        return;
      }
      let changed = !ready;
      for (const { seq, message } of ack.value.messages) changed = apply(seq, message) || changed;
      ready = true;
      if (changed) publish();
      if (reconnecting) {
        // Resumed after the last sequence number seen: the list above already holds what was missed.
        reconnecting = false;
        observer.state?.('live');
      }
    });
  }

  const onUpsert = (raw: unknown): void => {
    if (!isFor(raw, conversationId)) return;
    const event = readUpsertEvent(raw);
    if (!event.ok) {
      fail(new ProviderError('internal', `Unexpected message update: ${event.problem}`));
      return;
    }
    if (apply(event.value.seq, event.value.message) && ready) publish();
  };

  /** The server refused the subscription: with a renewed token it resumes, else it fails. */
  async function refused(error: ProviderError): Promise<void> {
    const token = sentToken;
    if (error.code === 'unauthenticated' && token !== null) {
      const renewed = await options.renewIdToken(token).catch(() => null);
      if (ended) return;
      if (renewed !== null && renewed !== token) {
        await subscribe();
        return;
      }
    }
    fail(error);
  }

  const onError = (raw: unknown): void => {
    if (!isFor(raw, conversationId)) return;
    const event = readSubscriptionErrorEvent(raw);
    if (!event.ok) {
      fail(new ProviderError('internal', `Unexpected subscription error: ${event.problem}`));
      return;
    }
    void refused(new ProviderError(event.value.error.code, event.value.error.message));
  };

  const onConnect = (): void => {
    void subscribe();
  };

  const onDisconnect = (): void => {
    if (ended || reconnecting) return;
    reconnecting = true;
    observer.state?.('reconnecting');
  };

  const onConnectError = (error: Error): void => {
    // socket.active is false only when the server refused the connection outright (not a network blip).
    if (!socket.active) fail(new ProviderError('unavailable', `Live messages refused: ${error.message}`));
  };

  function end(): void {
    if (ended) return;
    ended = true;
    socket.off(SOCKET_EVENTS.upsert, onUpsert);
    socket.off(SOCKET_EVENTS.error, onError);
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onConnectError);
    options.onEnd();
  }

  socket.on(SOCKET_EVENTS.upsert, onUpsert);
  socket.on(SOCKET_EVENTS.error, onError);
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  if (socket.connected) void subscribe();

  return end;
}

function isFor(raw: unknown, conversationId: string): boolean {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { conversationId?: unknown }).conversationId === conversationId
  );
}

function compare(a: Entry, b: Entry): number {
  return a.message.id < b.message.id ? -1 : a.message.id > b.message.id ? 1 : 0;
}
