/**
 * The snippet's settings, read from its own <script> tag's data attributes. A missing or malformed
 * business stops the snippet with a console error that names the attribute; a malformed optional
 * setting is ignored with a warning, so one typo does not take the chat off the business's site.
 */
import { EMBED_MAX_QUESTION_LENGTH, parseBrandColor } from '@chat/core/embed';

export interface EmbedConfig {
  /** The chat page's origin: where embed.js itself was loaded from. */
  chatOrigin: string;
  /** The chat page's path for the business: /chat/@handle or /chat/{businessId}. */
  chatPath: string;
  /** The question sent the first time the chat opens (data-question). */
  question: string | null;
  position: 'left' | 'right';
  /** '#rrggbb' or null for the chat's own colour. */
  color: string | null;
}

const HANDLE = /^@[A-Za-z0-9_.-]{1,64}$/;
const BUSINESS_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function readEmbedConfig(script: HTMLScriptElement): EmbedConfig | string {
  const data = script.dataset;
  let chatPath: string;
  if (data.business !== undefined) {
    const handle = data.business.trim();
    if (!HANDLE.test(handle))
      return `data-business must be the business's handle, like "@bellavista" (got "${handle}")`;
    chatPath = `/chat/${handle}`;
  } else if (data.businessId !== undefined) {
    const id = data.businessId.trim();
    if (!BUSINESS_ID.test(id))
      return `data-business-id must contain only letters, digits, "_" or "-" (got "${id}")`;
    chatPath = `/chat/${id}`;
  } else {
    return 'add data-business="@handle" (or data-business-id) to the embed.js script tag';
  }

  let position: EmbedConfig['position'] = 'right';
  if (data.position !== undefined) {
    if (data.position === 'left' || data.position === 'right') position = data.position;
    else warn(`data-position must be "left" or "right" (got "${data.position}"); using "right"`);
  }
  const color = data.color === undefined ? null : parseBrandColor(data.color.trim());
  if (data.color !== undefined && color === null) {
    warn(`data-color must be a colour written #rrggbb (got "${data.color}"); using the chat's own colour`);
  }
  let question: string | null = data.question?.trim() || null;
  if (question !== null && question.length > EMBED_MAX_QUESTION_LENGTH) {
    warn(`data-question is longer than ${EMBED_MAX_QUESTION_LENGTH} characters; ignored`);
    question = null;
  }
  return { chatOrigin: new URL(script.src, location.href).origin, chatPath, question, position, color };
}

export function warn(message: string): void {
  console.warn(`BusinessChat: ${message}`);
}
