/** Small statistics and table helpers for the benchmarks: no dependencies, nearest-rank percentiles. */

export interface Summary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentile of already sorted values (p in 0..100). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    mean: sorted.length ? total / sorted.length : NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms` : 'n/a';
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Prints rows as an aligned two-column table under a title. */
export function printTable(title: string, rows: ReadonlyArray<readonly [string, string]>): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${title}`);
  console.log('-'.repeat(title.length));
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

/** Runs `task` for indexes 0..count-1 with at most `concurrency` in flight; stops starting new ones after `deadline`. */
export async function runPool(
  count: number,
  concurrency: number,
  deadline: number,
  task: (index: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < count && performance.now() < deadline) {
      const index = next++;
      await task(index);
      done += 1;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return done;
}

/** Rejects with `what` when `promise` has not settled within `timeoutMs`. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
