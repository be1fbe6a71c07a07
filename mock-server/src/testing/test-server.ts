/**
 * Helpers for the server's own tests: a real server on an ephemeral port on 127.0.0.1, real
 * socket.io clients, and signed-in visitors from the fixture test numbers.
 */
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@chat/core';
import type {
  ClientToServerEvents,
  Conversation,
  ServerToClientEvents,
  SignInResult,
  SubscribeAck,
  SubscribePayload,
} from '@chat/core';
import { createApp } from '../app.js';
import type { AppOptions, ChatMockServer } from '../app.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestServer {
  server: ChatMockServer;
  url: string;
  close(): Promise<void>;
}

export async function startTestServer(options: AppOptions = {}): Promise<TestServer> {
  const server = createApp(options);
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url, close: () => server.close() };
}

/** A connected socket.io client (websocket only, no reconnection unless asked). */
export async function connectClient(
  url: string,
  options: Parameters<typeof connect>[1] = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = connect(url, { transports: ['websocket'], reconnection: false, ...options });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

export function subscribe(socket: ClientSocket, payload: SubscribePayload | unknown): Promise<SubscribeAck> {
  return new Promise((resolve) => socket.emit(SOCKET_EVENTS.subscribe, payload as SubscribePayload, resolve));
}

/** Signs in a fixture test number through the identity module: +15555550100 (code 123456) by default. */
export async function signIn(
  server: ChatMockServer,
  phoneNumber = '+15555550100',
  code = '123456',
): Promise<SignInResult> {
  const { verificationId } = server.identity.sendCode(
    phoneNumber,
    server.identity.issueBotCheckToken().token,
  );
  return server.identity.verifyCode(verificationId, code);
}

/** Polls `condition` until it holds, failing after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const DEFAULT_BUSINESS_ID = 'bella-vista-salon';

/** The body of an anonymous conversation of the default business. */
export function anonymousConversationBody(businessId = DEFAULT_BUSINESS_ID) {
  return { businessId, userId: null, userType: 'anonymous', isOutsideBusinessHours: false } as const;
}

/** The body of a conversation (of the default business unless told) owned by the signed-in visitor `userId`. */
export function ownConversationBody(userId: string, businessId = DEFAULT_BUSINESS_ID) {
  return { businessId, userId, userType: 'enduser', isOutsideBusinessHours: false } as const;
}

/** Creates an anonymous conversation straight in the store. */
export function createConversation(server: ChatMockServer, businessId = DEFAULT_BUSINESS_ID): Conversation {
  return server.store.createConversation({
    ...anonymousConversationBody(businessId),
    contextType: 'enduser',
  });
}
