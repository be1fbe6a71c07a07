import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import { escapeInlineValue, escapeMarkdown, mapsUrl, markdownLink } from './markdown-text.js';

/** HTML as micromark writes text: the characters HTML gives meaning to, encoded. */
function asHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Renders markdown as the page's parser (micromark, under react-markdown) would, with raw HTML
 * let through: an escape that fails shows up as markup in the output.
 */
function render(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true }).trim();
}

const NASTY = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '**bold** and _italic_ and `code`',
  '[click me](javascript:alert(1))',
  '![pixel](https://evil.example/p.png)',
  '<https://evil.example>',
  'Tom &amp; Jerry &lt;b&gt; &#60;',
  'a | b | c ~~gone~~ \\',
  'ends with two spaces and a backslash\\',
];

describe('escapeMarkdown', () => {
  it.each(NASTY)('renders %j as the same plain text', (text) => {
    expect(render(`Before ${escapeMarkdown(text)} after`)).toBe(`<p>Before ${asHtmlText(text)} after</p>`);
  });

  it.each([
    '# Heading',
    '- item',
    '+ item',
    '1. first',
    '12) twelfth',
    '> quote',
    '=====',
    '---',
    '    indented code',
  ])('keeps a leading block marker in %j from making a block', (text) => {
    expect(render(escapeMarkdown(text))).toBe(`<p>${asHtmlText(text.trimStart())}</p>`);
  });

  it('escapes a block marker at the start of every line', () => {
    expect(render(escapeMarkdown('Services:\n- cuts\n1. colour'))).toBe(
      '<p>Services:\n- cuts\n1. colour</p>',
    );
  });

  it('leaves ordinary punctuation readable in the markdown source', () => {
    expect(escapeMarkdown('Cuts, colour and styling. Walk-ins welcome.')).toBe(
      'Cuts, colour and styling. Walk-ins welcome.',
    );
  });
});

describe('escapeInlineValue', () => {
  it.each(NASTY)('renders %j as the same plain text', (text) => {
    expect(render(`Ref **${escapeInlineValue(text)}**`)).toBe(
      `<p>Ref <strong>${asHtmlText(text)}</strong></p>`,
    );
  });

  it('puts a multi-line value on one line so it cannot start a block', () => {
    expect(escapeInlineValue('A1\n\n# Title\r\n- item\u0000x')).toBe('A1 \\# Title \\- item x');
  });

  it('escapes what GFM would otherwise turn into links', () => {
    const escaped = escapeInlineValue('www.evil.example http://evil.example me@evil.example');
    expect(escaped).not.toMatch(/www\.|http:\/\/|me@/);
  });

  it('caps long values with an ellipsis, counting characters not UTF-16 units', () => {
    expect(escapeInlineValue('x'.repeat(500))).toBe('x'.repeat(79) + '…');
    expect(escapeInlineValue('😀'.repeat(100), 10)).toBe('😀'.repeat(9) + '…');
    expect(escapeInlineValue('  ABC123  ')).toBe('ABC123');
  });
});

describe('links', () => {
  it('builds a Google Maps search link that survives parentheses in the address', () => {
    const url = mapsUrl("1 King's Rd (rear), Springfield");
    expect(url).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20King%27s%20Rd%20%28rear%29%2C%20Springfield',
    );
    expect(render(markdownLink('Map [here]', url))).toBe(
      `<p><a href="${url.replace(/&/g, '&amp;')}">Map [here]</a></p>`,
    );
  });
});
