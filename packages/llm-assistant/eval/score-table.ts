/** The evaluation's score table: one line per case, then one per category and the total. */
import type { EvalResult } from './judge.js';

export interface Score {
  passed: number;
  total: number;
  percent: number;
}

export function printScoreTable(title: string, results: EvalResult[], elapsedMs: number): Score {
  console.log(`${title}\n${'='.repeat(title.length)}\n`);
  const idWidth = Math.max(...results.map((r) => r.evalCase.id.length), 4);
  console.log(`${'case'.padEnd(idWidth)}  ${'category'.padEnd(11)}  result`);
  for (const r of results) {
    const detail = r.passed
      ? ''
      : `  ${r.failures.join('; ')}\n${' '.repeat(idWidth + 17)}reply: ${oneLine(r.shown)}`;
    console.log(
      `${r.evalCase.id.padEnd(idWidth)}  ${r.evalCase.category.padEnd(11)}  ${r.passed ? '✓' : '✗'}${detail}`,
    );
  }
  console.log('');
  const categories = [...new Set(results.map((r) => r.evalCase.category))];
  for (const category of categories) {
    const inCategory = results.filter((r) => r.evalCase.category === category);
    console.log(`${category.padEnd(12)} ${inCategory.filter((r) => r.passed).length}/${inCategory.length}`);
  }
  const passed = results.filter((r) => r.passed).length;
  const percent = Math.round((passed / results.length) * 100);
  console.log(
    `\nscore        ${passed}/${results.length} (${percent} %) in ${(elapsedMs / 1000).toFixed(1)} s\n`,
  );
  return { passed, total: results.length, percent };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}
