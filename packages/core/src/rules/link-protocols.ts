/** §9: the only protocols a link in rendered assistant text may use. */
export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

/**
 * The URL itself when it is safe to render as a link, else ''. Relative URLs (no protocol) are
 * allowed, as react-markdown's default does; anything with another protocol (javascript:, data:,
 * vbscript:, file:…) is dropped. Control characters and whitespace that browsers ignore inside a
 * scheme cannot smuggle one past the check.
 */
export function safeLinkUrl(url: string): string {
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const colon = cleaned.indexOf(':');
  const firstSeparator = cleaned.search(/[/?#]/);
  if (colon === -1 || (firstSeparator !== -1 && firstSeparator < colon)) return url.trim();
  const protocol = cleaned.slice(0, colon).toLowerCase();
  return (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(protocol) ? url.trim() : '';
}
