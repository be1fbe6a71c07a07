// For the CLI's tests: one command line run in this process (sparing the CPU a process per run),
// with what it printed and its exit code.
import { vi } from 'vitest';
import { runDemo } from './cli.js';

export async function demo(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => void lines.push(parts.map(String).join(' '));
  const log = vi.spyOn(console, 'log').mockImplementation(keep);
  const error = vi.spyOn(console, 'error').mockImplementation(keep);
  try {
    const code = await runDemo(args);
    return { code, output: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
