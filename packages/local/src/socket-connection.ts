/**
 * The one socket.io connection a local backend shares between all its live subscriptions,
 * created and connected on first use.
 *
 * The browser's `offline` event: engine.io closes its connection on it (for any host but the word
 * 'localhost'), though the browser may be wrong — a laptop with Wi-Fi off still reaches 127.0.0.1.
 * An open connection then reconnects by itself; one still opening does not (socket.io's manager
 * hears only its 'open' or 'error' and waits out its 20 s timeout, the visitor's reply unseen). So
 * after that event a socket that is not connected is started again at once; where the network is
 * really gone, that attempt fails and socket.io's own backoff goes on.
 *
 * Limits: `serverUrl`'s path is ignored (socket.io would read it as a namespace), so the server
 * must serve socket.io at the default `/socket.io` path of its origin.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@chat/core';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type LocalSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LocalSocketOptions = Partial<ManagerOptions & SocketOptions>;

export interface SocketConnection {
  /** The shared socket, connecting it if it is not connected or trying to. */
  socket(): LocalSocket;
  /** Disconnects and forgets the socket; a later socket() call opens a new one. */
  close(): void;
}

export function createSocketConnection(serverUrl: string, options?: LocalSocketOptions): SocketConnection {
  let current: LocalSocket | null = null;
  const origin = new URL(serverUrl).origin;
  // A task later: engine.io's own listener (added when it was loaded) closes its connection first.
  const afterOffline = () => setTimeout(restartIfDown, 0);
  const restartIfDown = () => {
    if (current && !current.connected) current.disconnect().connect();
  };

  return {
    socket() {
      if (!current) {
        // forceNew: io() otherwise shares one Manager (and one Socket) per URL across backends,
        // so closing one backend would cut the others' live messages.
        // WebSocket first: one round trip to connect instead of socket.io's default long-polling
        // handshake and upgrade (four to five requests before the first live message can arrive);
        // long-polling stays as the fallback where a WebSocket cannot be opened.
        const socket: LocalSocket = io(origin, {
          autoConnect: false,
          forceNew: true,
          transports: ['websocket', 'polling'],
          tryAllTransports: true,
          ...options,
        });
        socket.on('disconnect', (reason) => {
          // socket.io reconnects by itself after network failures but not after a server-side
          // disconnect; live subscriptions should survive that too (they resume from their last seq).
          if (reason === 'io server disconnect') socket.connect();
        });
        current = socket;
        if (typeof window !== 'undefined') window.addEventListener('offline', afterOffline);
      }
      if (!current.active) current.connect();
      return current;
    },
    close() {
      const socket = current;
      current = null;
      if (typeof window !== 'undefined') window.removeEventListener('offline', afterOffline);
      socket?.disconnect();
      socket?.removeAllListeners();
    },
  };
}
