/**
 * Every benchmark figure is a pair — the product's value and its floor's, measured in the same run — and
 * their ratio. This module collects them, prints the one table and writes bench-results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface Figure {
  section: string;
  name: string;
  /** 'score' is Lighthouse's 0–100; 'CLS' is Lighthouse's unitless layout shift. */
  unit: 'ms' | 'µs' | 'KiB' | 'MiB' | '/s' | 'req/s' | 'count' | 'cpu s' | 'score' | 'CLS';
  product: number;
  floor: number;
  /** product / floor (NaN when the floor is 0 and so is the product). */
  ratio: number;
  /** Whether a larger value is better (throughput) or worse (latency, bytes). */
  better: 'higher' | 'lower';
  /** A budget on the ratio, when the issue sets one: ≤ for 'lower', ≥ for 'higher'. */
  budget?: number;
  /**
   * A budget on the product's own value, when the issue sets one in absolute terms (issue 31's Lighthouse
   * score, TBT and CLS): ≤ for 'lower', ≥ for 'higher'.
   */
  limit?: number;
  note?: string;
}

export type FigureInput = Omit<Figure, 'ratio'>;

const RESULTS_DIR = fileURLToPath(new URL('../../bench-results/', import.meta.url));

export class Report {
  readonly figures: Figure[] = [];
  readonly notes: string[] = [];

  add(input: FigureInput): void {
    const ratio = input.floor === 0 ? (input.product === 0 ? 1 : Infinity) : input.product / input.floor;
    const figure = { ...input, ratio };
    this.figures.push(figure);
    console.log(
      `  · ${figure.section} — ${figure.name}: ${format(figure.product, figure.unit)} vs floor ${format(figure.floor, figure.unit)} (${ratioText(figure)})`,
    );
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** The table as text: section, figure, product, floor, ratio, budget. */
  table(): string {
    const header = ['section', 'figure', 'product', 'floor', 'ratio', 'budget'];
    const rows = this.figures.map((f) => [
      f.section,
      f.name,
      format(f.product, f.unit),
      format(f.floor, f.unit),
      ratioText(f),
      budgetText(f),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      '| ' +
      cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ') +
      ' |';
    return [line(header), '| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |', ...rows.map(line)].join(
      '\n',
    );
  }

  write(meta: Record<string, unknown>): string {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = RESULTS_DIR + 'latest.json';
    const machine = {
      node: process.version,
      platform: `${process.platform}/${process.arch}`,
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
    };
    writeFileSync(
      file,
      JSON.stringify(
        { ...meta, machine, figures: this.figures, notes: this.notes },
        (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v),
        2,
      ) + '\n',
    );
    return file;
  }
}

export function format(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (unit === 'score') return `${value.toFixed(0)}/100`;
  if (unit === 'CLS') return value.toFixed(3);
  const digits = unit === 'count' ? 0 : Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function ratioText(f: Figure): string {
  return Number.isFinite(f.ratio) ? `${f.ratio.toFixed(2)}×` : 'n/a';
}

function budgetText(f: Figure): string {
  const within = (value: number, bound: number) => (f.better === 'lower' ? value <= bound : value >= bound);
  const sign = f.better === 'lower' ? '≤' : '≥';
  const texts: string[] = [];
  if (f.budget !== undefined)
    texts.push(`${sign} ${f.budget}× ${within(f.ratio, f.budget) ? 'holds' : 'MISSED'}`);
  if (f.limit !== undefined)
    texts.push(`${sign} ${format(f.limit, f.unit)} ${within(f.product, f.limit) ? 'holds' : 'MISSED'}`);
  return texts.join('; ');
}
