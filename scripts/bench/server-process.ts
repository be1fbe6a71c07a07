/**
 * Starts a server under test — the mock server (mock-server/src/index.ts) or the floor server — as its own
 * Node process on an ephemeral port on 127.0.0.1, so the benchmark's client never shares a process (or its
 * event loop) with the server it measures. Reads the process's CPU time and peak RSS from /proc (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLOCK_TICKS_PER_SECOND = 100;

export type ServerKind = 'product' | 'floor';

export interface ServerUnderTest {
  kind: ServerKind;
  url: string;
  pid: number;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  /** Peak resident set size so far, in bytes. */
  peakRssBytes(): number;
  stop(): Promise<void>;
}

export interface ServerSettings {
  /** Environment for the mock server (ignored keys are harmless for the floor). */
  env?: Record<string, string>;
  /** Extra Node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}

/**
 * The mock server's settings for every benchmark: log level info (its default, which logs no line per
 * request; the launcher reads the `listening` line) and the per-client rate limits raised to their maximum, because every simulated visitor comes
 * from 127.0.0.1 and would otherwise share one client's budget. That is configuration the server offers
 * through its environment, not a code path only the benchmark takes (the limiters still run).
 */
export const PRODUCT_BENCH_ENV: Record<string, string> = {
  LOG_LEVEL: 'info',
  RATE_LIMIT_PER_MINUTE: '1000000',
  DATA_RATE_LIMIT_PER_MINUTE: '10000000',
  HOST: '127.0.0.1',
};

export async function startServer(kind: ServerKind, settings: ServerSettings = {}): Promise<ServerUnderTest> {
  const script = kind === 'product' ? 'mock-server/src/index.ts' : 'scripts/bench/floor/floor-server.ts';
  const child = spawn(process.execPath, [...(settings.nodeArgs ?? []), '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...(kind === 'product' ? PRODUCT_BENCH_ENV : {}), ...settings.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never leave a server behind, even when the benchmark dies of an error nobody caught.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${kind} server did not listen within 30 s:\n${output}`)),
      30_000,
    );
    const onData = () => {
      const line = output.split('\n').find((l) => l.includes('"mock server listening"'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve((JSON.parse(line) as { url: string }).url);
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited (${code}) before listening:\n${output}`));
    });
  });
  let url: string;
  try {
    url = await listening;
  } catch (error) {
    await stopProcess(child, exited);
    throw error;
  }
  const pid = child.pid!;
  return {
    kind,
    url,
    pid,
    cpuSeconds: () => readCpuSeconds(pid),
    peakRssBytes: () => readPeakRss(pid),
    stop: () => stopProcess(child, exited),
  };
}

/** CPU seconds (user + system) process `pid` has used so far, from /proc (Linux). */
export function readCpuSeconds(pid: number): number {
  // /proc/<pid>/stat: fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function readPeakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

async function stopProcess(child: ChildProcess, exited: Promise<number | string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
