/** §9: the only protocols a link in rendered assistant text may use. */
export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

/**
 * Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:" runs as
 * javascript:), so they are removed before the scheme is read. Done by code point rather than with a
 * regular expression of control characters, which the linter rightly flags as usually a mistake.
 */
function withoutControlCharacters(url: string): string {
  let out = '';
  for (const ch of url) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0x20 && !(code >= 0x7f && code <= 0x9f)) out += ch;
  }
  return out;
}

/**
 * The URL itself when it is safe to render as a link, else ''. Relative URLs (no protocol) are
 * allowed, as react-markdown's default does; anything with another protocol (javascript:, data:,
 * vbscript:, file:…) is dropped. Control characters and whitespace that browsers ignore inside a
 * scheme cannot smuggle one past the check.
 */
export function safeLinkUrl(url: string): string {
  const cleaned = withoutControlCharacters(url);
  const colon = cleaned.indexOf(':');
  const firstSeparator = cleaned.search(/[/?#]/);
  if (colon === -1 || (firstSeparator !== -1 && firstSeparator < colon)) return url.trim();
  const protocol = cleaned.slice(0, colon).toLowerCase();
  return (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(protocol) ? url.trim() : '';
}
