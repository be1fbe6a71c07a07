/**
 * Answers the requests Node's HTTP parser refuses before Express sees them — a request line and
 * headers over Node's maxHeaderSize (16 KiB unless `--max-http-header-size` says otherwise), a
 * request that is not valid HTTP, one that took too long to arrive — with the same JSON error body
 * as every other answer, where Node would write a bare status line. The connection is closed after
 * the answer, as Node does: the parser cannot tell where the next request would start.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { errorCodeForStatus } from '@chat/core';
import type { ErrorBody } from '@chat/core';
import { plural } from './plural.js';

/** The status and message for each parser failure, as Node's own default answer chooses the status. */
function answerFor(error: NodeJS.ErrnoException): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        message: `headers: the request line (with the URL) and headers are larger than ${plural(http.maxHeaderSize, 'byte')} together`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'body: its chunk extensions are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'request: it did not arrive in time' };
    default:
      return { status: 400, message: `request: not valid HTTP (${error.code ?? error.message})` };
  }
}

/** The server's 'clientError' listener (see the header). */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // Node's own rule: answer only when no answer is being written on this connection (a second
  // answer would corrupt it), and not to a peer that is gone.
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, message } = answerFor(error);
  const body: ErrorBody = { error: { code: errorCodeForStatus(status), message } };
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(text)}\r\n` +
      'Connection: close\r\n\r\n' +
      text,
  );
}
