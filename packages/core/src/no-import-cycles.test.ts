/**
 * No file of core imports, through any chain, a file that imports it back (type imports included):
 * the field rules (fields/) import nothing of the model, the schemas take their rules from fields/,
 * and the model and wire modules take their types from the schemas. Regression: six model ↔ schema
 * and wire ↔ schema pairs imported each other (issue 18).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../../scripts/lib/import-cycles.mjs';

describe('packages/core', () => {
  it('has no import cycles', () => {
    expect(importCycles(fileURLToPath(new URL('.', import.meta.url)))).toEqual([]);
  });
});
