import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEmbedConfig } from './embed-config.js';

function scriptTag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = 'https://chat.example.com/embed.js';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

afterEach(() => vi.restoreAllMocks());

describe("the snippet's settings", () => {
  it('reads the handle, question, position and colour, and takes the chat origin from its own src', () => {
    expect(
      readEmbedConfig(
        scriptTag({
          'data-business': '@bellavista',
          'data-question': ' Are you open? ',
          'data-position': 'left',
          'data-color': '#0F766E',
        }),
      ),
    ).toEqual({
      chatOrigin: 'https://chat.example.com',
      chatPath: '/chat/@bellavista',
      question: 'Are you open?',
      position: 'left',
      color: '#0f766e',
    });
  });

  it('accepts a business id instead of a handle, with defaults for the rest', () => {
    expect(readEmbedConfig(scriptTag({ 'data-business-id': 'bella-vista-salon' }))).toMatchObject({
      chatPath: '/chat/bella-vista-salon',
      question: null,
      position: 'right',
      color: null,
    });
  });

  it('refuses a missing or malformed business, naming the attribute', () => {
    expect(readEmbedConfig(scriptTag({}))).toMatch(/data-business="@handle"/);
    expect(readEmbedConfig(scriptTag({ 'data-business': 'bellavista' }))).toMatch(/^data-business must be/);
    expect(readEmbedConfig(scriptTag({ 'data-business': '@a/../../x' }))).toMatch(/^data-business must be/);
    expect(readEmbedConfig(scriptTag({ 'data-business-id': 'a b' }))).toMatch(/^data-business-id must/);
  });

  it('ignores a malformed colour or position with a warning that names it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const config = readEmbedConfig(
      scriptTag({ 'data-business': '@x', 'data-color': 'red; background:url(x)', 'data-position': 'top' }),
    );
    expect(config).toMatchObject({ color: null, position: 'right' });
    expect(warn.mock.calls.map(([message]) => String(message)).join('\n')).toMatch(
      /data-position[\s\S]*data-color/,
    );
  });
});
