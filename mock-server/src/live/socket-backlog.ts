/**
 * How far a socket.io client has fallen behind: the bytes the server holds for it and has not handed
 * to the kernel yet — engine.io's queue of packets (filled while the transport is busy with earlier
 * ones, or between two polls) plus, on a websocket, what the websocket still buffers. A client that
 * stops reading makes this grow with every upsert of the conversations it subscribed to, until
 * socket.io's heartbeat drops it (45 s), so the message stream cuts it off sooner (message-stream.ts).
 *
 * Reads engine.io's and ws's internals (`writeBuffer`, `bufferedAmount`): both have been stable for
 * years, and a missing one reads as 0, which only turns the bound off.
 */
import type { Socket } from 'socket.io';

/** How many bytes may wait to be sent to one socket.io client before its connection is closed. */
export const MAX_SOCKET_BACKLOG_BYTES = 1024 * 1024;

interface EngineInternals {
  writeBuffer?: Array<{ data?: unknown }>;
  transport?: { socket?: { bufferedAmount?: unknown } };
}

export function socketBacklogBytes(socket: Socket): number {
  const engine = socket.conn as unknown as EngineInternals;
  let bytes = 0;
  for (const packet of engine.writeBuffer ?? []) {
    const { data } = packet;
    if (typeof data === 'string') bytes += data.length;
    else if (ArrayBuffer.isView(data)) bytes += data.byteLength;
  }
  const buffered = engine.transport?.socket?.bufferedAmount;
  return bytes + (typeof buffered === 'number' ? buffered : 0);
}
