/**
 * A bare socket.io server for the subscription's unit tests: the test decides what each subscribe
 * answers and pushes upserts and errors by hand, so ordering, duplicates and reconnects can be
 * staged exactly. It knows nothing of the mock server's store.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SOCKET_EVENTS,
  type ClientToServerEvents,
  type Message,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscribePayload,
} from '@chat/core';
import { Server, type Socket } from 'socket.io';

type ServerSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

export interface ScriptedSocketServer {
  url: string;
  /** Every subscribe payload received, in order. */
  subscribes: SubscribePayload[];
  /** Every unsubscribe received (conversation ids), in order. */
  unsubscribes: string[];
  /** What the next subscribes answer; the default answers ok with no messages. */
  answer: (payload: SubscribePayload) => SubscribeAck | undefined;
  upsert(conversationId: string, seq: number, message: Message): void;
  fail(conversationId: string, code: string, message: string): void;
  /** Ends every connection as a network failure would ('transport close' on the client). */
  dropConnections(): void;
  /** Disconnects every client from the server side ('io server disconnect'). */
  kickClients(): void;
  connectedCount(): number;
  close(): Promise<void>;
}

export async function startScriptedSocketServer(): Promise<ScriptedSocketServer> {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http);
  const sockets = new Set<ServerSocket>();
  const server: ScriptedSocketServer = {
    url: '',
    subscribes: [],
    unsubscribes: [],
    answer: () => ({ ok: true, messages: [] }),
    upsert(conversationId, seq, message) {
      io.emit(SOCKET_EVENTS.upsert, { conversationId, seq, message });
    },
    fail(conversationId, code, message) {
      io.emit(SOCKET_EVENTS.error, { conversationId, error: { code, message } as never });
    },
    dropConnections() {
      for (const socket of sockets) socket.conn.close();
    },
    kickClients() {
      for (const socket of sockets) socket.disconnect(true);
    },
    connectedCount: () => sockets.size,
    async close() {
      await io.close();
    },
  };
  io.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('disconnect', () => sockets.delete(socket));
    socket.on(SOCKET_EVENTS.subscribe, (payload, ack) => {
      server.subscribes.push(payload);
      const answer = server.answer(payload);
      // undefined: never answer, like a hung server.
      if (answer) ack(answer);
    });
    socket.on(SOCKET_EVENTS.unsubscribe, (payload) => {
      server.unsubscribes.push(payload.conversationId);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}
