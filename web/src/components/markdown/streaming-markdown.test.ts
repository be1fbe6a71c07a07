import { describe, expect, it } from 'vitest';
import { completeStreamingMarkdown } from './streaming-markdown.js';

describe('completeStreamingMarkdown', () => {
  it.each([
    ['closes bold that has not been closed yet', "Here's what **Bella Vist", "Here's what **Bella Vist**"],
    ['closes __bold__ too', 'A __very', 'A __very__'],
    ['drops a marker with nothing after it yet', 'Hello **', 'Hello '],
    ['closes inline code', 'Run `npm ins', 'Run `npm ins`'],
    ['drops a lone backtick at the end', 'Run `', 'Run '],
    ['shows an unfinished link as its words', 'Open [Find us on Go', 'Open Find us on Go'],
    ['shows a link whose address is partial as its words', '[Find us](https://maps.goo', 'Find us'],
    ['ignores bold markers inside code', 'Use `a ** b` and **x', 'Use `a ** b` and **x**'],
  ])('%s', (_name, input, expected) => {
    expect(completeStreamingMarkdown(input)).toBe(expected);
  });

  it.each([
    'Plain words',
    '**Prices** depend on the service',
    '- **Prices** depend',
    '* a bullet',
    'A [complete](https://example.com) link',
    'Code `done` here',
  ])('leaves complete text alone: %s', (input) => {
    expect(completeStreamingMarkdown(input)).toBe(input);
  });

  it('only touches the last line', () => {
    expect(completeStreamingMarkdown('A ** star on its own\n**Open')).toBe('A ** star on its own\n**Open**');
  });
});
