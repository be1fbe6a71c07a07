/**
 * packages/admin/demo-businesses.json is what `start:firebase` imports: the same businesses the mock
 * server serves — its fixtures and the businesses its scenarios write inline — so the demo is the same on
 * both stacks. This keeps the copy from drifting.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('the demo businesses file', () => {
  it('holds the mock server’s fixtures and its scenarios’ inline businesses, as they are', () => {
    const fixtures = JSON.parse(read('mock-server/fixtures/businesses.json')) as unknown[];
    const scenarioDir = new URL('../../../mock-server/scenarios/', import.meta.url);
    const inline = readdirSync(scenarioDir)
      .filter((file) => file.endsWith('.yaml'))
      .sort()
      .map((file) => (parse(read(`mock-server/scenarios/${file}`)) as { business?: unknown }).business)
      .filter((business) => typeof business === 'object' && business !== null);
    expect(inline.length).toBeGreaterThan(0);

    expect(JSON.parse(read('packages/admin/demo-businesses.json'))).toEqual([...fixtures, ...inline]);
  });
});
