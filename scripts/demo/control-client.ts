/**
 * The demo CLI's client for the mock server's control API. Every state-changing call carries
 * core's CONTROL_CALL_HEADERS (`content-type: application/json`, `X-Mock-Control: 1`); a server that
 * does not answer gives a CliError that says how to start it.
 */
import { CONTROL_CALL_HEADERS } from '@chat/core';
import { CliError } from './terminal.js';

export const DEFAULT_SERVER_URL = 'http://127.0.0.1:4000';

export interface ControlClient {
  readonly serverUrl: string;
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

export function createControlClient(serverUrl: string): ControlClient {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${serverUrl}${path}`, {
        method,
        headers: method === 'GET' ? {} : CONTROL_CALL_HEADERS,
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new CliError(
        `The mock server is not reachable at ${serverUrl}. Start it with \`npm start\` (or \`npm run demo -- start <scenario>\`), or pass --server <url>.`,
      );
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error: { message: string } }).error.message;
      } catch {
        // not the server's error body: show it as it is
      }
      if (response.status === 404 && path.startsWith('/control') && message.startsWith('No route')) {
        throw new CliError(
          `The server at ${serverUrl} has no control API (is it running with CONTROL_API=off?).`,
        );
      }
      throw new CliError(message);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    serverUrl,
    get: (path) => call('GET', path),
    send: (method, path, body) => call(method, path, body),
  };
}
