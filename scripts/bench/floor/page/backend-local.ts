/**
 * The floor page's local backend, against the floor server (scripts/bench/floor/floor-server.ts): the
 * business over HTTP, a conversation and its live messages over socket.io, and a send that saves the
 * message and then calls the chat endpoint (§4's order), the reply streaming back over the socket.
 */
import { io } from 'socket.io-client';
import type { FloorBackend } from './floor-backend.js';

interface Upsert {
  message: { id: string; role: string; text: string };
}

export function createBackend(serverUrl: string): FloorBackend {
  // Connected at once, as the product's page does: the handshake overlaps the reads.
  const socket = io(serverUrl, { transports: ['websocket'] });
  let conversationId = '';
  const post = async (path: string, body: unknown) => {
    const response = await fetch(serverUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { id: string };
  };
  return {
    async open(businessId, onReply) {
      const name = fetch(`${serverUrl}/data/businesses/${encodeURIComponent(businessId)}`)
        .then((response) => response.json() as Promise<{ businessName: string }>)
        .then((business) => business.businessName);
      const live = post('/data/conversations', { businessId }).then(
        ({ id }) =>
          new Promise<void>((resolve) => {
            conversationId = id;
            socket.on('messages:upsert', ({ message }: Upsert) => {
              if (message.role === 'model') onReply(message.id, message.text);
            });
            socket.emit('messages:subscribe', { conversationId: id }, () => resolve());
          }),
      );
      return (await Promise.all([name, live]))[0];
    },
    send(text) {
      // §4's order: the message is saved, then the chat service is called.
      void post(`/data/conversations/${conversationId}/messages`, { role: 'user', text }).then(() =>
        post('/api/chat', { conversationId, message: text }),
      );
    },
  };
}
