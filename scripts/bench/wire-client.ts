/**
 * What the benchmark client says to a server under test over HTTP and socket.io. The mock server and the
 * floor server answer the same requests, so one client drives both.
 */
import { io, type Socket } from 'socket.io-client';

export const NEW_CONVERSATION = {
  businessId: 'bella-vista-salon',
  userId: null,
  userType: 'anonymous',
  contextType: 'enduser',
  isOutsideBusinessHours: false,
} as const;

export interface WireMessage {
  id: string;
  role: string;
  text: string;
  streaming?: boolean;
}

export interface WireUpsert {
  conversationId: string;
  seq: number;
  message: WireMessage;
}

/**
 * At most this many HTTP requests in flight from the benchmark: a thousand visitors opening a thousand
 * connections in the same instant overflow the server's listen backlog (511), and the dropped SYNs come
 * back as 10-second connect timeouts — a measurement of the kernel, not of the server. Both servers are
 * driven through the same limit.
 */
const MAX_IN_FLIGHT = 256;
let inFlight = 0;
const waiting: Array<() => void> = [];

async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
  inFlight += 1;
  try {
    return await task();
  } finally {
    inFlight -= 1;
    waiting.shift()?.();
  }
}

/**
 * A kept-alive connection the server closed as idle (Node's 5 s keep-alive timeout) can be reset just as
 * the next request goes out on it. Like a browser, the client then retries once on a new connection; the
 * request never reached the server, so nothing is sent twice.
 */
function isStaleConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

export function postJson(url: string, body: unknown, expected: number): Promise<unknown> {
  return limited(async () => {
    try {
      return await postJsonNow(url, body, expected);
    } catch (error) {
      if (!isStaleConnection(error)) throw error;
      return postJsonNow(url, body, expected);
    }
  });
}

async function postJsonNow(url: string, body: unknown, expected: number): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

export async function createConversation(baseUrl: string): Promise<string> {
  const created = (await postJson(`${baseUrl}/data/conversations`, NEW_CONVERSATION, 201)) as { id: string };
  return created.id;
}

/** The /api/chat send body (§7) for a message in a conversation of the default business. */
export function chatBody(conversationId: string, message: string) {
  return {
    conversationId,
    businessId: NEW_CONVERSATION.businessId,
    profileId: NEW_CONVERSATION.businessId,
    contextType: 'enduser',
    userTimezone: 'America/New_York',
    message,
  };
}

/** A websocket-only socket.io connection, subscribed to one conversation's live messages. */
export async function subscribe(
  baseUrl: string,
  conversationId: string,
  onUpsert: (event: WireUpsert) => void,
): Promise<Socket> {
  const socket = io(baseUrl, { transports: ['websocket'], reconnection: false, forceNew: true });
  socket.on('messages:upsert', onUpsert);
  const ack = await new Promise<{ ok: boolean; error?: { message: string } }>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.emit('messages:subscribe', { conversationId }, resolve);
  });
  if (!ack.ok) throw new Error(`subscribe failed: ${ack.error?.message}`);
  return socket;
}
