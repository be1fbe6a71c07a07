/**
 * Live fan-out latency: from the start of an addMessage POST to the moment each socket.io subscriber
 * receives the message's upsert. Messages are sent one at a time, so each sample is one message's trip.
 */
import {
  SOCKET_EVENTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
  type UpsertEvent,
} from '@chat/core';
import { io, type Socket } from 'socket.io-client';
import { createConversation, postMessage, startBenchServer } from './bench-server.js';
import { summarize, withTimeout, type Summary } from './stats.js';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface FanoutResult {
  messages: number;
  subscribers: number;
  /** Every (message, subscriber) delivery. */
  perDelivery: Summary;
  /** Per message, until the last subscriber had it. */
  toLastSubscriber: Summary;
}

async function subscribe(url: string, conversationId: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, { transports: ['websocket'], reconnection: false });
  const ack = await new Promise<SubscribeAck>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.emit(SOCKET_EVENTS.subscribe, { conversationId }, resolve);
  });
  if (!ack.ok) throw new Error(`subscribe failed: ${ack.error.code} ${ack.error.message}`);
  return socket;
}

export async function benchLiveFanout(
  messages: number,
  subscribers: number,
  budgetMs: number,
): Promise<FanoutResult> {
  const bench = await startBenchServer();
  const sockets: ClientSocket[] = [];
  try {
    const conversation = await createConversation(bench.url);
    for (let i = 0; i < subscribers; i += 1) sockets.push(await subscribe(bench.url, conversation.id));

    // text → [start time, deliveries so far, resolve when every subscriber has it]
    const pending = new Map<string, { t0: number; received: number; done: () => void }>();
    const perDelivery: number[] = [];
    const toLast: number[] = [];
    const onUpsert = (event: UpsertEvent) => {
      const entry = pending.get(event.message.text);
      if (!entry) return;
      const elapsed = performance.now() - entry.t0;
      perDelivery.push(elapsed);
      entry.received += 1;
      if (entry.received === subscribers) {
        toLast.push(elapsed);
        pending.delete(event.message.text);
        entry.done();
      }
    };
    for (const socket of sockets) socket.on(SOCKET_EVENTS.upsert, onUpsert);

    const deadline = performance.now() + budgetMs;
    let sent = 0;
    for (let i = 0; i < messages && performance.now() < deadline; i += 1) {
      const text = `fan-out ${i}`;
      const delivered = new Promise<void>((done) =>
        pending.set(text, { t0: performance.now(), received: 0, done }),
      );
      await withTimeout(
        Promise.all([postMessage(bench.url, conversation.id, text), delivered]),
        5_000,
        `delivery of message ${i} to ${subscribers} subscribers`,
      );
      sent += 1;
    }
    return {
      messages: sent,
      subscribers,
      perDelivery: summarize(perDelivery),
      toLastSubscriber: summarize(toLast),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await bench.close();
  }
}
