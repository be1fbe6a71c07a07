/**
 * Putting outside text (business data, a visitor's booking reference) into a markdown reply so it
 * renders as the same plain text: no emphasis, links, images, HTML, entities or code.
 */

/** The longest visitor-supplied value echoed back; the rest is cut with an ellipsis. */
export const MAX_ECHOED_LENGTH = 80;

/**
 * Backslash-escapes every character that can start inline markdown or HTML, plus a block marker
 * (heading, quote, list item, numbered item) at the start of each line. CommonMark renders each escaped
 * character literally, so `<img src=x>` shows as text and never becomes an element.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/[\\`*_{}[\]()<>&|~!#]/g, '\\$&')
      // Leading spaces could make an indented code block; a leading marker a list or a heading.
      .replace(/^[ \t]+/gm, '')
      .replace(/^([-+=]|\d+[.)])/gm, (marker: string) => `${marker.slice(0, -1)}\\${marker.slice(-1)}`)
  );
}

/**
 * A single-line, length-capped version of an untrusted value in which every ASCII punctuation
 * character is escaped. That is stricter than escapeMarkdown: it also stops GFM from turning
 * 'www.…', 'http://…' or 'name@host' inside the value into a clickable link.
 */
export function escapeInlineValue(value: string, maxLength = MAX_ECHOED_LENGTH): string {
  // Control characters and line breaks would let a value start a new markdown block.
  const oneLine = Array.from(value, (ch) => (isControl(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(oneLine);
  const capped = chars.length > maxLength ? chars.slice(0, maxLength - 1).join('') + '…' : oneLine;
  return capped.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** C0 and C1 control characters and the Unicode line and paragraph separators. */
function isControl(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** A Google Maps search link for an address; characters that would end a markdown link are percent-encoded. */
export function mapsUrl(address: string): string {
  const query = encodeURIComponent(address).replace(
    /[()'!*~]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}

/** A markdown link with literal label text. */
export function markdownLink(label: string, url: string): string {
  return `[${escapeMarkdown(label)}](${url})`;
}
