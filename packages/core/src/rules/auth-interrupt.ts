/**
 * §4 "Phone sign-in interrupt" read from the stored messages. The chat service stores the
 * interrupt's auth message (role model, type auth, with its tool request) in the conversation, so a
 * pending interrupt survives a reload on every backend. The auth message is pending until a later
 * visitor or system message answers it (the visitor's decline, 'Authentication cancelled', the
 * '✓ Phone number verified successfully' notice) or a newer auth message takes its place: one auth
 * message at a time, once per tool request. See docs/decisions/0010-stored-auth-message.md.
 */
import type { Message } from '../model/message.js';
import type { ToolRequest } from '../model/tool-request.js';

/** Identifies one interrupt: its tool request's ref, else the id of the message that holds it. */
export function interruptKey(toolRequest: ToolRequest | undefined, fallback: string): string {
  return toolRequest?.ref ? `ref:${toolRequest.ref}` : `id:${fallback}`;
}

/** Whether a message is a stored auth prompt. */
export function isAuthMessage(message: Pick<Message, 'role' | 'type'>): boolean {
  return message.role === 'model' && message.type === 'auth';
}

/**
 * The stored auth message still waiting for the visitor, or null. `messages` are ordered by
 * createdAt. `answered` holds the keys of interrupts the page has already answered whose answering
 * message may not have arrived yet.
 */
export function pendingAuthMessage(
  messages: readonly Message[],
  answered: ReadonlySet<string> = new Set(),
): Message | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (isAuthMessage(message)) {
      return answered.has(interruptKey(message.toolRequest, message.id)) ? null : message;
    }
    // Only the visitor or the page answers an interrupt; the assistant's own text around it does not.
    if (message.role === 'user' || message.role === 'system') return null;
  }
  return null;
}

/**
 * The stored auth message a resume answers (§7): the latest message of the assistant, when it is an
 * auth message. The visitor's answer to it — the notice after a sign-in, a declining reply — is stored
 * before the resume is sent, so visitor and system messages after it do not count; an assistant message
 * after it means the interrupt was already resumed (or the visitor asked something else). Null when the
 * conversation waits for no phone sign-in.
 */
export function resumableAuthMessage(messages: readonly Message[]): Message | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'model') return isAuthMessage(message) ? message : null;
  }
  return null;
}

/** Whether any stored auth message carries the interrupt `key` (pending or answered). */
export function hasStoredInterrupt(messages: readonly Message[], key: string): boolean {
  return messages.some((m) => isAuthMessage(m) && interruptKey(m.toolRequest, m.id) === key);
}

/** The text of the last visitor message before index `before` (the request an interrupt stopped). */
export function userTextBefore(messages: readonly Message[], before: number): string | null {
  for (let i = Math.min(before, messages.length) - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user' && message.text.trim() !== '') return message.text;
  }
  return null;
}

/**
 * The smart replies to show again after a reload: those stored on the latest message when it is the
 * assistant's (a visitor or system message after it means they were already used or cleared).
 */
export function restoredSmartReplies(messages: readonly Message[]): Message['smartReplies'] & object {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (isAuthMessage(message)) continue;
    return message.role === 'model' ? (message.smartReplies ?? []) : [];
  }
  return [];
}
