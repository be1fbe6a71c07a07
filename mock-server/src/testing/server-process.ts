/**
 * Runs the real server (src/index.ts) as a child process for tests of what only a process has:
 * environment parsing, signals, kill -9 and restart with a data file.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { afterEach, beforeEach } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CONTROL_CALL_HEADERS, SOCKET_EVENTS } from '@chat/core';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '@chat/core';

const MOCK_SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

export interface ServerProcesses {
  /** This test's own temporary folder (removed after it). */
  readonly dir: string;
  /** `data.jsonl` in `dir`: not created, for DATA_FILE. */
  readonly dataFile: string;
  /** startServerProcess, and the process is killed (SIGKILL) after the test. */
  start(env: Record<string, string>): Promise<ServerProcess>;
}

/**
 * For a test file of server processes: each test gets a fresh temporary folder, and after it every
 * server it started through `start` is killed with SIGKILL and waited for, then the folder removed —
 * a failing test leaves no process or file behind.
 */
export function useServerProcesses(prefix = 'mock-process-'): ServerProcesses {
  let dir = '';
  const running: ServerProcess[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(async () => {
    try {
      for (const server of running.splice(0)) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  return {
    get dir() {
      return dir;
    },
    get dataFile() {
      return path.join(dir, 'data.jsonl');
    },
    async start(env) {
      const server = await startServerProcess(env);
      running.push(server);
      return server;
    },
  };
}

/** Starts the server with `env` on a free port; resolves once it logged that it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { child, output, exited } = spawnServer({ PORT: '0', LOG_LEVEL: 'info', ...env });
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      for (const line of output().split('\n')) {
        if (!line.includes('"mock server listening"')) continue;
        child.stdout?.off('data', onData);
        resolve((JSON.parse(line) as { url: string }).url);
        return;
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output()}`)));
  });
  return { child, url, output, exited };
}

/**
 * Starts the server and waits for it to end by itself (for start-up failures). A server still
 * running after `timeoutMs` is killed, and its code is then 'SIGKILL': a start that hangs fails
 * the test without leaving a process behind.
 */
export async function runServerUntilExit(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<{ code: number | string; output: string }> {
  const { child, output, exited } = spawnServer({ PORT: '0', ...env });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: MOCK_SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return { child, output: () => text, exited };
}

/** One HTTP call to a server process; state-changing calls carry the control headers (harmless elsewhere). */
export async function call(url: string, method: string, route: string, body?: unknown) {
  const res = await fetch(url + route, {
    method,
    headers: method === 'GET' ? { 'content-type': 'application/json' } : CONTROL_CALL_HEADERS,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** Subscribes once to a conversation's messages (after `afterSeq` when given) and returns the ack. */
export async function subscribeOnce(
  url: string,
  conversationId: string,
  afterSeq?: number,
): Promise<SubscribeAck> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
    transports: ['websocket'],
    reconnection: false,
  });
  try {
    return await new Promise((resolve) =>
      socket.emit(
        SOCKET_EVENTS.subscribe,
        { conversationId, ...(afterSeq === undefined ? {} : { afterSeq }) },
        resolve,
      ),
    );
  } finally {
    socket.disconnect();
  }
}
