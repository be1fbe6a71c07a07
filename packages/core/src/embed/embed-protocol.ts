/**
 * The messages the embed snippet (web/embed/embed.ts, on the business's site) and the chat page in its
 * iframe exchange with postMessage. Plain type guards, no schema library: this file is bundled into
 * embed.js, which must stay under 5 KiB gzip. Every message carries `source: 'business-chat'` so
 * neither side mistakes another script's messages for its own; the origin checks are the callers'.
 */
import { MAX_MESSAGE_LENGTH } from '../fields/message-fields.js';

export const EMBED_MESSAGE_SOURCE = 'business-chat';

/** The query parameter that tells the chat page it runs inside the snippet's iframe (value '1'). */
export const EMBED_QUERY_PARAM = 'embed';
/** The query parameter that carries the host page's origin, the only origin the page talks to. */
export const EMBED_HOST_QUERY_PARAM = 'host';
/** The query parameter that carries the business colour (data-color), as 6-digit hex without '#'. */
export const EMBED_COLOR_QUERY_PARAM = 'color';

/** The longest question the host may pass to open() (the page's own limit, §9). */
export const EMBED_MAX_QUESTION_LENGTH = MAX_MESSAGE_LENGTH;

/** A message as the host page sees it in the 'message' event: complete, never a streaming part. */
export interface EmbedChatMessage {
  id: string;
  /** 'assistant' for the business's assistant, 'visitor' for the person chatting, 'system' otherwise. */
  author: 'assistant' | 'visitor' | 'system';
  text: string;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** From the chat page to the host page. */
export type PageToHostMessage =
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'ready' }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'close' }
  | { source: typeof EMBED_MESSAGE_SOURCE; type: 'message'; message: EmbedChatMessage };

/** From the host page to the chat page. */
export type HostToPageMessage = { source: typeof EMBED_MESSAGE_SOURCE; type: 'ask'; question: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const AUTHORS: ReadonlyArray<unknown> = ['assistant', 'visitor', 'system'];

function isEmbedChatMessage(value: unknown): value is EmbedChatMessage {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    AUTHORS.includes(value.author) &&
    typeof value.text === 'string' &&
    typeof value.createdAt === 'number'
  );
}

/** True when `data` is a well-formed message of the chat page (the caller has checked the origin). */
export function isPageToHostMessage(data: unknown): data is PageToHostMessage {
  if (!isRecord(data) || data.source !== EMBED_MESSAGE_SOURCE) return false;
  if (data.type === 'ready' || data.type === 'close') return true;
  return data.type === 'message' && isEmbedChatMessage(data.message);
}

/** True when `data` is a well-formed message of the host page (the caller has checked the origin). */
export function isHostToPageMessage(data: unknown): data is HostToPageMessage {
  return (
    isRecord(data) &&
    data.source === EMBED_MESSAGE_SOURCE &&
    data.type === 'ask' &&
    typeof data.question === 'string' &&
    data.question.trim().length > 0 &&
    data.question.length <= EMBED_MAX_QUESTION_LENGTH
  );
}

/**
 * The origin in `value` when it is exactly an http(s) origin (scheme, host, optional port, nothing
 * else), otherwise null. The chat page only talks to a host whose origin passes this.
 */
export function parseOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** A brand colour as '#rrggbb' when `value` is a 6-digit hex colour (with or without '#'), else null. */
export function parseBrandColor(value: string | null | undefined): string | null {
  if (!value) return null;
  const hex = value.startsWith('#') ? value.slice(1) : value;
  return /^[0-9a-fA-F]{6}$/.test(hex) ? `#${hex.toLowerCase()}` : null;
}
