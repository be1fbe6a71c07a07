/**
 * What the page learns from its own address once, at start: whether it runs inside the embed
 * snippet's iframe (`?embed=1&host={origin}`) and the business colour the snippet passes
 * (`?color=rrggbb`). Read once because the page rewrites its URL as conversations change.
 */
import {
  EMBED_COLOR_QUERY_PARAM,
  EMBED_HOST_QUERY_PARAM,
  EMBED_QUERY_PARAM,
  parseBrandColor,
  parseOrigin,
} from '@chat/core';

export interface PageOptions {
  /** Set when the page is the snippet's iframe: the host page's exact origin, the only one it talks to. */
  embedHostOrigin: string | null;
  /** The business colour the snippet asked for, '#rrggbb'; it wins over the business's own brandColor. */
  brandColor: string | null;
}

export const STANDALONE_PAGE: PageOptions = { embedHostOrigin: null, brandColor: null };

/**
 * The options in `search`. `?embed=1` without a valid `host` origin is not embedded: with no origin
 * to check, the page would have nobody it could safely talk to, so it behaves as the plain page
 * (and says why in the console).
 */
export function readPageOptions(search: string, framed: boolean): PageOptions {
  const params = new URLSearchParams(search);
  const brandColor = parseBrandColor(params.get(EMBED_COLOR_QUERY_PARAM));
  if (params.get(EMBED_QUERY_PARAM) !== '1') return { embedHostOrigin: null, brandColor };
  const host = parseOrigin(params.get(EMBED_HOST_QUERY_PARAM));
  if (host === null) {
    console.warn(
      `?embed=1 needs ?host= set to the embedding page's origin (e.g. https://example.com); ignored.`,
    );
    return { embedHostOrigin: null, brandColor };
  }
  // Opened on its own (a copied iframe address), the page has no host to talk to.
  return { embedHostOrigin: framed ? host : null, brandColor };
}
