import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AssistantMarkdown } from './assistant-markdown.js';
import { autolinkText } from './remark-autolinks.js';

/** Every link in the rendered reply, as [its text, its href]. */
function linksIn(text: string, streaming = false): Array<[string | null, string | null]> {
  const { container } = render(<AssistantMarkdown text={text} streaming={streaming} />);
  return [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
}

// What GitHub's extension (micromark-extension-gfm-autolink-literal with mdast-util-gfm-autolink-literal)
// linked for each reply, recorded through this same component before remark-autolinks replaced it.
const AS_GITHUB_LINKS: Array<[string, Array<[string, string]>]> = [
  ['Visit https://example.com today', [['https://example.com', 'https://example.com']]],
  ['See https://example.com.', [['https://example.com', 'https://example.com']]],
  ['See https://example.com, then', [['https://example.com', 'https://example.com']]],
  [
    'Go to https://example.com/path?a=1&b=2!',
    [['https://example.com/path?a=1&b=2', 'https://example.com/path?a=1&b=2']],
  ],
  ['Really? https://example.com/faq?', [['https://example.com/faq', 'https://example.com/faq']]],
  ['Note: https://example.com: here', [['https://example.com', 'https://example.com']]],
  ['End; https://example.com;', [['https://example.com', 'https://example.com']]],
  [
    'Quote "https://example.com" and \'https://example.com/x\'',
    [
      ['https://example.com', 'https://example.com'],
      ['https://example.com/x', 'https://example.com/x'],
    ],
  ],
  ['(see https://example.com)', [['https://example.com', 'https://example.com']]],
  [
    '(see https://en.wikipedia.org/wiki/Foo_(bar))',
    [['https://en.wikipedia.org/wiki/Foo_(bar)', 'https://en.wikipedia.org/wiki/Foo_(bar)']],
  ],
  [
    'https://en.wikipedia.org/wiki/Foo_(bar)).',
    [['https://en.wikipedia.org/wiki/Foo_(bar)', 'https://en.wikipedia.org/wiki/Foo_(bar)']],
  ],
  ['https://example.com/a.b/c.html', [['https://example.com/a.b/c.html', 'https://example.com/a.b/c.html']]],
  ['http://localhost:5173/chat', [['http://localhost:5173/chat', 'http://localhost:5173/chat']]],
  ['HTTPS://EXAMPLE.COM/X', [['HTTPS://EXAMPLE.COM/X', 'HTTPS://EXAMPLE.COM/X']]],
  ['xhttps://example.com', []],
  ['1https://example.com', [['https://example.com', 'https://example.com']]],
  ['https://', []],
  ['https://-bad.example', []],
  ['https://example.com/foo]', [['https://example.com/foo', 'https://example.com/foo']]],
  ['www.bellavista.example', [['www.bellavista.example', 'http://www.bellavista.example']]],
  ['www.bellavista.example/book.', [['www.bellavista.example/book', 'http://www.bellavista.example/book']]],
  ['WWW.EXAMPLE.COM', [['WWW.EXAMPLE.COM', 'http://WWW.EXAMPLE.COM']]],
  ['xwww.example.com', []],
  ['(www.example.com)', [['www.example.com', 'http://www.example.com']]],
  ['www.example', [['www.example', 'http://www.example']]],
  ['www.ex_ample.com', []],
  ['www.example.co_m', []],
  ['www.a_b.example.com', [['www.a_b.example.com', 'http://www.a_b.example.com']]],
  ['Write to desk@bellavista.example.', [['desk@bellavista.example', 'mailto:desk@bellavista.example']]],
  ['mailto:desk@bellavista.example', [['desk@bellavista.example', 'mailto:desk@bellavista.example']]],
  ['a.b+c-d_e@mail.example.com', [['a.b+c-d_e@mail.example.com', 'mailto:a.b+c-d_e@mail.example.com']]],
  ['x/desk@bellavista.example', [['desk@bellavista.example', 'mailto:desk@bellavista.example']]],
  ['desk@bellavista', []],
  ['desk@bellavista.example-', []],
  ['desk@bellavista.ex1', []],
  ['user@example.com/path', [['user@example.com', 'mailto:user@example.com']]],
  ['Code `https://example.com` and\n\n```\nhttps://example.com\n```', []],
  [
    '[our site](https://example.com) and [https://example.com/x](https://example.com/y)',
    [
      ['our site', 'https://example.com'],
      ['https://example.com/x', 'https://example.com/y'],
    ],
  ],
  [
    '[**https://example.com/in-strong**](https://example.com/z)',
    [['https://example.com/in-strong', 'https://example.com/z']],
  ],
  [
    '**https://example.com/bold** and _www.example.com_',
    [
      ['https://example.com/bold', 'https://example.com/bold'],
      ['www.example.com', 'http://www.example.com'],
    ],
  ],
  [
    'https://example.com/a_b_c and https://example.com/~user',
    [
      ['https://example.com/a_b_c', 'https://example.com/a_b_c'],
      ['https://example.com/~user', 'https://example.com/~user'],
    ],
  ],
  [
    'Two: https://a.example and https://b.example!',
    [
      ['https://a.example', 'https://a.example'],
      ['https://b.example', 'https://b.example'],
    ],
  ],
  ['https://user@example.com/x', [['https://user@example.com/x', 'https://user@example.com/x']]],
  ['tel https://example.com<b>', [['https://example.com', 'https://example.com']]],
  ['[see https://example.com]', [['https://example.com', 'https://example.com']]],
  ['https://example.com/"quoted"', [['https://example.com/"quoted', 'https://example.com/%22quoted']]],
  ['https://exämple.com/ü', [['https://exämple.com/ü', 'https://ex%C3%A4mple.com/%C3%BC']]],
  ['Here https://example.com/path/', [['https://example.com/path/', 'https://example.com/path/']]],
  ['<https://example.com/angle>', [['https://example.com/angle', 'https://example.com/angle']]],
  ['ftp://example.com', []],
  [
    'javascript:alert(1) and https://example.com/javascript:x',
    [['https://example.com/javascript:x', 'https://example.com/javascript:x']],
  ],
  ['https://example.com/foo)bar', [['https://example.com/foo)bar', 'https://example.com/foo)bar']]],
  ['Visit https://example.com/path_', [['https://example.com/path', 'https://example.com/path']]],
  ['https://example.com/?q=a:b', [['https://example.com/?q=a:b', 'https://example.com/?q=a:b']]],
  ['(https://example.com/a_(b)_c)', [['https://example.com/a_(b)_c', 'https://example.com/a_(b)_c']]],
  ['https://example.com.\nnext line', [['https://example.com', 'https://example.com']]],
  ['email,desk@x.com', [['desk@x.com', 'mailto:desk@x.com']]],
  ['https://example.com/#section', [['https://example.com/#section', 'https://example.com/#section']]],
  ['www.example.com/a?b', [['www.example.com/a?b', 'http://www.example.com/a?b']]],
  ['foo https://a.b.c/d~', [['https://a.b.c/d', 'https://a.b.c/d']]],
  ['https://example.com/--', [['https://example.com/--', 'https://example.com/--']]],
  ['https://a.example/…', [['https://a.example/…', 'https://a.example/%E2%80%A6']]],
  ['visit https://example.com。', [['https://example.com。', 'https://example.com%E3%80%82']]],
  ['http://a.b_c.d', []],
  ['http://a_b.c.d/x', [['http://a_b.c.d/x', 'http://a_b.c.d/x']]],
  ['http://a.b.c_d/x', []],
  ['https://example.com:8080/x', [['https://example.com:8080/x', 'https://example.com:8080/x']]],
  ['see:https://example.com', [['https://example.com', 'https://example.com']]],
  ['https://example.com/a,b,c', [['https://example.com/a,b,c', 'https://example.com/a,b,c']]],
  ['Call +1 555 or 555-123@x.co', [['555-123@x.co', 'mailto:555-123@x.co']]],
  [
    'www.example.com.\n\n- item https://x.example/y.',
    [
      ['www.example.com', 'http://www.example.com'],
      ['https://x.example/y', 'https://x.example/y'],
    ],
  ],
  ['nested (www.example.com/a(b)c).', [['www.example.com/a(b)c', 'http://www.example.com/a(b)c']]],
  ['*https://example.com/em*', [['https://example.com/em', 'https://example.com/em']]],
  ['a_www.example.com', [['www.example.com', 'http://www.example.com']]],
  ['~www.example.com~', [['www.example.com', 'http://www.example.com']]],
  ['"www.example.com"', [['www.example.com', 'http://www.example.com']]],
  ['https://example.com/a]b', [['https://example.com/a]b', 'https://example.com/a%5Db']]],
  ['https://ex-ample.com/x?', [['https://ex-ample.com/x', 'https://ex-ample.com/x']]],
  ['https://a.b/c!!!', [['https://a.b/c', 'https://a.b/c']]],
  ['x@y.z', [['x@y.z', 'mailto:x@y.z']]],
  ['.desk@x.com', [['.desk@x.com', 'mailto:.desk@x.com']]],
  ['desk.@x.com', [['desk.@x.com', 'mailto:desk.@x.com']]],
  ['desk@x.com.au', [['desk@x.com.au', 'mailto:desk@x.com.au']]],
  ['desk@x_y.com', [['desk@x_y.com', 'mailto:desk@x_y.com']]],
  ['desk@-x.com', [['desk@-x.com', 'mailto:desk@-x.com']]],
];

describe('remarkAutolinks', () => {
  it.each(AS_GITHUB_LINKS)('links %j as GitHub does', (text, links) => {
    expect(linksIn(text)).toEqual(links);
  });

  it('opens a bare URL in a new tab without access to this page', () => {
    const { container } = render(<AssistantMarkdown text="Book at www.bellavista.example/book." />);
    const link = container.querySelector('a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container).toHaveTextContent(/^Book at www\.bellavista\.example\/book\.$/);
  });

  it('keeps the text around and between links in order', () => {
    expect(autolinkText('a https://x.example, b desk@x.example.')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'link', url: 'https://x.example', children: [{ type: 'text', value: 'https://x.example' }] },
      { type: 'text', value: ', b ' },
      {
        type: 'link',
        url: 'mailto:desk@x.example',
        children: [{ type: 'text', value: 'desk@x.example' }],
      },
      { type: 'text', value: '.' },
    ]);
    expect(autolinkText('no links here')).toEqual([{ type: 'text', value: 'no links here' }]);
  });

  it('links the part of a streaming reply that has arrived', () => {
    expect(linksIn('Book at https://bellavista.example/bo', true)).toEqual([
      ['https://bellavista.example/bo', 'https://bellavista.example/bo'],
    ]);
  });

  // Where this plugin parts from GitHub's tokenizer, deliberately: it reads the parsed text, not the source.
  it('does not link a bare "www." (GitHub links its "www")', () => {
    expect(linksIn('www.')).toEqual([]);
  });

  it('reads character references and escapes before linking (GitHub links their source text)', () => {
    expect(linksIn('https://example.com/a\\_b')).toEqual([
      ['https://example.com/a_b', 'https://example.com/a_b'],
    ]);
    expect(linksIn('https://example.com/a?b=c&amp;')).toEqual([
      ['https://example.com/a?b=c&', 'https://example.com/a?b=c&'],
    ]);
  });

  it('reads emphasis markers inside a URL as emphasis (GitHub keeps the opening one in the URL)', () => {
    expect(linksIn('https://example.com/*emph*')).toEqual([['https://example.com/', 'https://example.com/']]);
  });
});
