/**
 * Live messages over socket.io (core's SOCKET_EVENTS and event maps). A subscriber gets, in the
 * subscribe ack, every message of the conversation changed after its `afterSeq` (all of them
 * without it), ordered by sequence number, and then every addition or change as an upsert. The
 * ack and the later upserts travel in order on the same socket, and the room is joined in the
 * same tick the snapshot is taken, so nothing falls between them: a client that resumes with the
 * last seq it saw loses nothing and gets nothing twice.
 *
 * Every event payload is validated; a bad one gets an ack with 'invalid-argument' and never
 * throws. The ownership rule of http/auth.ts applies to subscribing. An injected 'listen' fault
 * fails every current subscription at once (messages:error) and the next subscribe attempts.
 *
 * A subscription opened with an ID token ends when that token expires (server clock): the socket
 * gets messages:error 'unauthenticated' and leaves the room, so it receives nothing its visitor
 * could no longer read. A timer ends an idle one; before every upsert, subscriptions whose token
 * has expired by the (possibly moved) server clock are ended first.
 *
 * A subscriber more than MAX_SOCKET_BACKLOG_BYTES behind (a client that stopped reading) has its
 * connection closed, so no client can make the server hold its upserts (socket-backlog.ts).
 *
 * Limits: one process (socket.io's in-memory adapter).
 */
import { errorCodeOf, SOCKET_EVENTS, UnsubscribePayloadSchema } from '@chat/core';
import type { ClientToServerEvents, ErrorCode, ServerToClientEvents, SubscribeAck } from '@chat/core';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { Clock } from '../clock.js';
import type { Faults } from '../faults.js';
import type { Identity } from '../identity/index.js';
import { assertConversationAccess } from '@chat/server-http';
import { SubscribePayload } from '../bodies/strict-bodies.js';
import { tokenExpiresAt, userForToken } from '../identity/caller-token.js';
import { formatPath } from '@chat/core';
import type { DocumentStore } from '../store/memory-store.js';
import { MAX_SOCKET_BACKLOG_BYTES, socketBacklogBytes } from './socket-backlog.js';

export type ChatSocketServer = Server<ClientToServerEvents, ServerToClientEvents>;
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

export interface MessageStreamOptions {
  io: ChatSocketServer;
  store: DocumentStore;
  identity: Identity;
  faults: Faults;
  clock: Clock;
  logger: Logger;
  /** Default MAX_SOCKET_BACKLOG_BYTES (socket-backlog.ts). */
  maxBacklogBytes?: number;
}

export interface MessageStream {
  /** Fails every current subscription with `code` (an injected 'listen' fault). */
  failSubscribers(code: ErrorCode): void;
  /** Fails the live subscriptions of one conversation with `code` (a scripted dropped stream). */
  failConversation(conversationId: string, code: ErrorCode): void;
  /** Stops forwarding store changes. */
  close(): void;
}

const ROOM_PREFIX = 'conversation:';
const roomOf = (conversationId: string) => `${ROOM_PREFIX}${conversationId}`;

function errorAck(code: ErrorCode, message: string): SubscribeAck {
  return { ok: false, error: { code, message } };
}

export function attachMessageStream({
  io,
  store,
  identity,
  faults,
  clock,
  logger,
  maxBacklogBytes = MAX_SOCKET_BACKLOG_BYTES,
}: MessageStreamOptions): MessageStream {
  /** conversationId → socket id → the expiry of the token its subscription was opened with. */
  const tokenSubscriptions = new Map<string, Map<string, { expiresAt: number; timer: NodeJS.Timeout }>>();

  function forgetTokenSubscription(conversationId: string, socketId: string): void {
    const bySocket = tokenSubscriptions.get(conversationId);
    const entry = bySocket?.get(socketId);
    if (!entry) return;
    clearTimeout(entry.timer);
    bySocket!.delete(socketId);
    if (bySocket!.size === 0) tokenSubscriptions.delete(conversationId);
  }

  /** Ends one socket's subscription because its token expired. */
  function endExpired(conversationId: string, socketId: string): void {
    forgetTokenSubscription(conversationId, socketId);
    const socket = io.of('/').sockets.get(socketId);
    if (!socket) return;
    void socket.leave(roomOf(conversationId));
    socket.emit(SOCKET_EVENTS.error, {
      conversationId,
      error: {
        code: 'unauthenticated',
        message: 'The ID token has expired; sign in again to keep listening.',
      },
    });
  }

  function rememberTokenSubscription(conversationId: string, socketId: string, expiresAt: number): void {
    forgetTokenSubscription(conversationId, socketId);
    // Timers are capped (setTimeout's limit is about 24.8 days); a capped one re-arms when it fires.
    const arm = (): NodeJS.Timeout =>
      setTimeout(
        () => {
          if (clock.now() >= expiresAt) endExpired(conversationId, socketId);
          else tokenSubscriptions.get(conversationId)?.set(socketId, { expiresAt, timer: arm() });
        },
        Math.min(Math.max(0, expiresAt - clock.now()), 2 ** 31 - 1),
      ).unref();
    let bySocket = tokenSubscriptions.get(conversationId);
    if (!bySocket) tokenSubscriptions.set(conversationId, (bySocket = new Map()));
    bySocket.set(socketId, { expiresAt, timer: arm() });
  }

  const stopForwarding = store.onMessage(({ conversationId, seq, message }) => {
    // The server clock may have been moved past a token's expiry since its timer was set.
    const now = clock.now();
    for (const [socketId, { expiresAt }] of tokenSubscriptions.get(conversationId) ?? []) {
      if (now >= expiresAt) endExpired(conversationId, socketId);
    }
    const room = roomOf(conversationId);
    io.to(room).emit(SOCKET_EVENTS.upsert, { conversationId, seq, message });
    cutOffLaggards(room);
  });

  /**
   * Closes the connection of every subscriber of `room` that is more than maxBacklogBytes behind,
   * as a network failure would: its client reconnects by itself and resumes with afterSeq, and the
   * server does not hold its upserts meanwhile.
   */
  function cutOffLaggards(room: string): void {
    for (const socketId of io.of('/').adapter.rooms.get(room) ?? []) {
      const socket = io.of('/').sockets.get(socketId);
      if (!socket) continue;
      const backlogBytes = socketBacklogBytes(socket);
      if (backlogBytes <= maxBacklogBytes) continue;
      logger.warn(
        { socketId, backlogBytes, maxBacklogBytes },
        'a socket.io client fell behind; closed its connection',
      );
      socket.conn.close();
    }
  }

  /**
   * Handles one subscribe. Everything after the token check runs in one synchronous block — join,
   * snapshot and ack — so no store change can slip between the snapshot and the room's upserts.
   */
  async function subscribe(socket: ChatSocket, payload: unknown, reply: (answer: SubscribeAck) => void) {
    const parsed = SubscribePayload.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length > 0 ? formatPath(issue.path) : 'payload';
      return reply(errorAck('invalid-argument', `${field}: ${issue.message}`));
    }
    const { conversationId, afterSeq, idToken } = parsed.data;
    const fault = faults.take('listen');
    if (fault) {
      const code = fault.kind === 'code' ? fault.code : 'unavailable';
      return reply(errorAck(code, `Injected fault on listen: ${code}`));
    }
    const user = await userForToken(identity, idToken);
    const conversation = store.getConversation(conversationId);
    if (!conversation) return reply(errorAck('not-found', `Conversation ${conversationId} not found`));
    assertConversationAccess(conversation, user);
    if (!socket.connected) return;
    // The in-memory adapter joins synchronously (its join returns nothing to wait for).
    void socket.join(roomOf(conversationId));
    if (user && idToken) rememberTokenSubscription(conversationId, socket.id, tokenExpiresAt(idToken));
    else forgetTokenSubscription(conversationId, socket.id);
    reply({ ok: true, messages: store.messagesAfter(conversationId, afterSeq ?? -1) });
  }

  io.on('connection', (socket) => {
    socket.on(SOCKET_EVENTS.subscribe, (payload: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (answer: SubscribeAck) => void) : () => {};
      subscribe(socket, payload, reply).catch((error: unknown) => {
        const code = errorCodeOf(error);
        if (code === 'internal') logger.error({ err: error }, 'subscribe failed');
        reply(errorAck(code, code === 'internal' ? 'Internal server error' : (error as Error).message));
      });
    });
    socket.on(SOCKET_EVENTS.unsubscribe, (payload: unknown) => {
      const parsed = UnsubscribePayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      void socket.leave(roomOf(parsed.data.conversationId));
      forgetTokenSubscription(parsed.data.conversationId, socket.id);
    });
    socket.on('disconnect', () => {
      for (const conversationId of [...tokenSubscriptions.keys()])
        forgetTokenSubscription(conversationId, socket.id);
    });
  });

  /** Tells a room's subscribers their stream broke, then drops them from it (they must subscribe again). */
  function failRoom(conversationId: string, code: ErrorCode, why: string) {
    const room = roomOf(conversationId);
    io.to(room).emit(SOCKET_EVENTS.error, { conversationId, error: { code, message: `${why}: ${code}` } });
    io.in(room).socketsLeave(room);
    for (const socketId of [...(tokenSubscriptions.get(conversationId)?.keys() ?? [])]) {
      forgetTokenSubscription(conversationId, socketId);
    }
  }

  return {
    failSubscribers(code) {
      for (const room of [...io.of('/').adapter.rooms.keys()]) {
        if (room.startsWith(ROOM_PREFIX))
          failRoom(room.slice(ROOM_PREFIX.length), code, 'Injected fault on listen');
      }
    },
    failConversation(conversationId, code) {
      failRoom(conversationId, code, 'Live stream dropped by the scenario');
    },
    close() {
      stopForwarding();
      for (const bySocket of tokenSubscriptions.values())
        for (const { timer } of bySocket.values()) clearTimeout(timer);
      tokenSubscriptions.clear();
    },
  };
}
