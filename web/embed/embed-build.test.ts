// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEmbedScript } from './embed-plugin.js';

describe('embed.js as built', () => {
  let code = '';
  beforeAll(async () => {
    code = await buildEmbedScript();
  }, 60_000);

  it('weighs at most 5 KiB gzip', () => {
    expect(gzipSync(code).length).toBeLessThanOrEqual(5 * 1024);
  });

  it('is one classic script that declares nothing at the top level (its only global is BusinessChat)', () => {
    expect(code.trim()).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
    expect(code).not.toMatch(/\bimport\s*[({]|\bexport\s/);
    expect(code).toContain('BusinessChat');
  });

  it('evaluates no code from strings, so a strict Content-Security-Policy allows it', () => {
    expect(code).not.toMatch(/\beval\s*\(|new Function\b|setTimeout\(\s*[`'"]/);
    expect(code).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
  });

  it('carries nothing of the app (no React, no schema library)', () => {
    expect(code).not.toMatch(/react|zod/i);
  });
});
