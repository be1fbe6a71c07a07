/**
 * The floor page's local backend: the business name over HTTP and a raw socket.io echo round trip to the
 * floor server (scripts/bench/floor/floor-server.ts).
 */
import { io } from 'socket.io-client';
import type { FloorBackend } from './floor-backend.js';

export function createBackend(serverUrl: string): FloorBackend {
  const socket = io(serverUrl, { transports: ['websocket'] });
  return {
    async businessName(businessId) {
      const response = await fetch(`${serverUrl}/data/businesses/${encodeURIComponent(businessId)}`);
      return ((await response.json()) as { name: string }).name;
    },
    send(text, onText) {
      socket.emit('echo', text, onText);
    },
  };
}
