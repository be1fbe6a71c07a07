/**
 * `npm run bench` options. `--quick` (what CI runs) keeps every section but with small counts, so the
 * whole run stays well under two minutes — except `firebase-speed`, whose emulators, chat service and
 * build take a minute to start, and `lighthouse` (three Lighthouse runs of four pages, a few minutes, and
 * the Firebase stack): --quick runs them only when `--only` names them. The full run measures what the
 * issues ask for. `--only=a,b` runs some sections; `--profile` starts the mock server with --cpu-prof
 * (profiles in bench-results/).
 */
export const SECTIONS = [
  'weight',
  'speed',
  'firebase-speed',
  'lighthouse',
  'write',
  'visitors',
  'growth',
  'identity',
  'cold-start',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  quick: boolean;
  profile: boolean;
  sections: Set<Section>;
  /** Cold loads per page and profile for the first-screen figures (first-screen.ts). */
  loads: number;
  write: { connections: number; seconds: number };
  visitorCounts: number[];
  messagesPerVisitor: number;
  growth: { stored: number[]; visitors: number; messagesPerVisitor: number };
  /** Batches of codes sent to distinct numbers, smallest first. */
  identitySends: number[];
  /** Starts of the compiled chat service (and of its floor) for the cold-start figures. */
  coldStarts: number;
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  const known = new Set(['--quick', '--profile']);
  const quick = argv.includes('--quick');
  const slow: readonly Section[] = ['firebase-speed', 'lighthouse'];
  let sections = new Set<Section>(SECTIONS.filter((s) => !quick || !slow.includes(s)));
  for (const arg of argv) {
    if (arg.startsWith('--only=')) {
      const wanted = arg.slice('--only='.length).split(',');
      const bad = wanted.filter((s) => !(SECTIONS as readonly string[]).includes(s));
      if (bad.length)
        throw new Error(`--only: unknown section ${bad.join(', ')}; known: ${SECTIONS.join(', ')}`);
      sections = new Set(wanted as Section[]);
    } else if (!known.has(arg)) {
      throw new Error(`unknown option ${arg}; known: --quick, --profile, --only=${SECTIONS.join(',')}`);
    }
  }
  return {
    quick,
    profile: argv.includes('--profile'),
    sections,
    loads: quick ? 2 : 15,
    write: quick ? { connections: 50, seconds: 3 } : { connections: 50, seconds: 10 },
    visitorCounts: quick ? [100] : [100, 500, 1000],
    messagesPerVisitor: quick ? 2 : 3,
    growth: quick
      ? { stored: [10_000], visitors: 20, messagesPerVisitor: 2 }
      : { stored: [10_000, 100_000], visitors: 50, messagesPerVisitor: 3 },
    identitySends: quick ? [2_000, 8_000] : [10_000, 20_000, 40_000],
    coldStarts: quick ? 3 : 9,
  };
}
