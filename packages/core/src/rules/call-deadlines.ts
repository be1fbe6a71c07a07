/**
 * How long the page waits for a write or a chat-service call before telling the visitor it failed.
 * A server that has hung (a stopped process, a stalled proxy) never answers, and the platform's own
 * limit can be minutes — or never, for a connection that stays open. Without a deadline the visitor
 * would see nothing at all; with one they get the §8 text that fits and their message back.
 *
 * A deadline only stops the waiting: the request may still reach the server later and take effect
 * (there are no idempotency keys), so a message reported as not sent can still appear afterwards.
 */
import { ProviderError } from '../errors.js';

/** Writes (a conversation, a message, the last-message summary, the signup feed). */
export const WRITE_TIMEOUT_MS = 15_000;

/**
 * Chat-service calls. Its answer comes once the reply's message has been created, after the model
 * has started answering, which can take a while with tools involved; so the limit is generous.
 */
export const CHAT_TIMEOUT_MS = 60_000;

/**
 * Settles as `task` does, or rejects with ProviderError('unavailable') naming `what` once `ms` have
 * passed without an answer (the task itself is left to finish, and its outcome ignored).
 */
export function withDeadline<T>(task: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ProviderError('unavailable', `${what} did not answer within ${formatSeconds(ms)}`));
    }, ms);
    task.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
