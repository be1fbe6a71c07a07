import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseOptions } from './options.js';
import { Report } from './report.js';

describe('bench report budgets', () => {
  afterEach(() => vi.restoreAllMocks());

  const table = (...figures: Parameters<Report['add']>[0][]) => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const report = new Report();
    for (const figure of figures) report.add(figure);
    return report.table();
  };
  const lighthouse = { section: 'Lighthouse', product: 0, floor: 0, better: 'lower' } as const;

  it("judges issue 31's absolute limits on the page's own value, not on its ratio to the floor", () => {
    const text = table(
      { ...lighthouse, name: 'score', unit: 'score', product: 97, floor: 80, better: 'higher', limit: 98 },
      { ...lighthouse, name: 'tbt', unit: 'ms', product: 90, floor: 30, limit: 100 },
      { ...lighthouse, name: 'cls', unit: 'CLS', product: 0, floor: 0.05, limit: 0 },
      { ...lighthouse, name: 'cls shifted', unit: 'CLS', product: 0.001, floor: 0, limit: 0 },
    );
    expect(text).toMatch(/score .*97\/100 .*80\/100 .*≥ 98\/100 MISSED/);
    expect(text).toMatch(/tbt .*≤ 100 ms holds/);
    expect(text).toMatch(/cls +\| +0\.000 .*≤ 0\.000 holds/);
    expect(text).toMatch(/cls shifted .*≤ 0\.000 MISSED/);
  });

  it('still judges a ratio budget as before', () => {
    const text = table({
      ...lighthouse,
      name: 'weight',
      unit: 'KiB',
      product: 120,
      floor: 100,
      budget: 1.15,
    });
    expect(text).toMatch(/1\.20× \| ≤ 1\.15× MISSED/);
  });
});

describe('bench options', () => {
  it('--quick leaves Lighthouse out unless --only names it', () => {
    expect(parseOptions(['--quick']).sections.has('lighthouse')).toBe(false);
    expect(parseOptions([]).sections.has('lighthouse')).toBe(true);
    expect([...parseOptions(['--quick', '--only=lighthouse']).sections]).toEqual(['lighthouse']);
  });
});
