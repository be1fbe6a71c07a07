/**
 * Makes the text of a reply that is still streaming in render the way it will once complete.
 *
 * A reply arrives a few characters at a time, so its end is often half a Markdown construct:
 * '**Bella Vist' (bold not closed yet), '`npm ins' (code not closed), '[Find us on Go' or
 * '[Find us](https://maps.goo' (a link whose address has not arrived). Rendered as they are, these
 * flash their raw markers until the rest arrives. Only the last line is touched — anything before
 * it is complete — and the finished reply is always rendered from its own, untouched text.
 *
 * Limits: bold with '**' and '__', inline code and inline links only; a single '*' or '_' (italics,
 * or a list bullet) is left alone, since telling them apart mid-stream is guesswork.
 */
export function completeStreamingMarkdown(text: string): string {
  const lineStart = text.lastIndexOf('\n') + 1;
  const head = text.slice(0, lineStart);
  let line = text.slice(lineStart);

  // A marker with nothing after it yet ('Hello **', 'see `') would close nothing: drop it.
  line = line.replace(/(\*\*|__|`)+$/, '');

  // An unfinished link shows as its words until its address is complete.
  line = line.replace(/\[([^[\]]*)(\]\([^)\s]*)?$/, '$1');

  const codeTicks = count(line, /`/g);
  if (codeTicks % 2 === 1) return head + line + '`';
  // Bold markers inside code spans are literal, so count outside them only.
  const outsideCode = line.replace(/`[^`]*`/g, '');
  if (count(outsideCode, /\*\*/g) % 2 === 1) line += '**';
  if (count(outsideCode, /__/g) % 2 === 1) line += '__';
  return head + line;
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}
