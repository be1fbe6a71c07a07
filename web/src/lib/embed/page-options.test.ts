import { describe, expect, it, vi } from 'vitest';
import { readPageOptions } from './page-options.js';

describe('readPageOptions', () => {
  it('is embedded only with ?embed=1, an exact host origin, and a parent window', () => {
    const search = '?embed=1&host=https%3A%2F%2Fbellavista.example&color=0f766e';
    expect(readPageOptions(search, true)).toEqual({
      embedHostOrigin: 'https://bellavista.example',
      brandColor: '#0f766e',
    });
    expect(readPageOptions(search, false).embedHostOrigin).toBeNull();
    expect(readPageOptions('?host=https%3A%2F%2Fbellavista.example', true).embedHostOrigin).toBeNull();
  });

  it('refuses a host that is not exactly an http(s) origin, and says why', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const host of ['*', 'https://a.example/path', 'javascript:alert(1)', '']) {
      expect(readPageOptions(`?embed=1&host=${encodeURIComponent(host)}`, true).embedHostOrigin).toBeNull();
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('?host='));
    warn.mockRestore();
  });

  it('ignores a colour that is not 6-digit hex', () => {
    expect(readPageOptions('?color=red', false).brandColor).toBeNull();
    expect(readPageOptions('?color=%23abcdef', false).brandColor).toBe('#abcdef');
  });
});
