/**
 * No file of the mock server imports, through any chain, a file that imports it back. Regression:
 * faults.ts and http/errors.ts imported each other (issue 18). The layers themselves are kept by
 * eslint.config.js (no-restricted-imports per folder).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/lib/import-cycles.mjs';

describe('mock-server/src', () => {
  it('has no import cycles', () => {
    expect(importCycles(fileURLToPath(new URL('.', import.meta.url)))).toEqual([]);
  });
});
