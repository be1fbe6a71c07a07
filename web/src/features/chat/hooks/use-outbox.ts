import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { carriedItems, type Carry, type OutboxItem } from './outbox.js';

/** How a queued message's turn ended. */
export type Delivery = 'saved' | 'failed' | 'carried';

/** Delivers one item when its turn comes: saves it, or fails it, or leaves the conversation with it. */
export type Deliver = (item: OutboxItem) => Promise<Delivery>;

export interface Outbox {
  items: OutboxItem[];
  /** Queues a message and shows it at once; resolves when its turn has ended. */
  send(text: string): Promise<Delivery>;
  /** Queues a message that failed again, at the end of the line. */
  retry(key: string): Promise<Delivery>;
  /** Queues the carried-over messages this conversation started with (once). */
  sendCarried(): void;
  /** Runs `task` when every message queued so far has had its turn. */
  inTurn<T>(task: () => Promise<T>): Promise<T>;
  saved(key: string, messageId: string): void;
  failed(key: string): void;
  /**
   * Stops sending here (the page is leaving this conversation) and hands over what was not sent:
   * `first` (a message to carry ahead of the rest, e.g. the one whose turn it is) and every item still
   * waiting, with the failed ones. Turns still queued then end as 'carried'. Null when already leaving.
   */
  leave(first: string | null, draft: string): Carry | null;
  /**
   * Leaving did not work out (no new conversation could be made): the page stays, and what was
   * waiting is marked failed, to be retried.
   */
  stay(): void;
}

/**
 * The outbox of one conversation (see outbox.ts). Messages are saved one at a time, in the order
 * sent, so a slow save can never be overtaken by a later one. When one fails, the ones queued behind
 * it fail with it rather than be saved out of order; each can be retried. `deliver` decides what a
 * turn does (use-chat-actions.ts).
 */
export function useOutbox(carried: Carry | null, storedCount: () => number, deliver: Deliver): Outbox {
  const counter = useRef(0);
  const nextKey = useCallback(() => `local:outbox:${++counter.current}`, []);
  const [items, setItems] = useState<OutboxItem[]>(() => (carried ? carriedItems(carried, nextKey) : []));
  // The same list, readable synchronously by the turns in flight.
  const current = useRef(items);
  const update = useCallback((change: (items: OutboxItem[]) => OutboxItem[]) => {
    current.current = change(current.current);
    setItems(current.current);
  }, []);
  const line = useRef<Promise<unknown>>(Promise.resolve());
  /** Failures so far: a turn queued before the latest failure does not go ahead of the failed message. */
  const failures = useRef(0);
  const left = useRef(false);
  const carriedSent = useRef(false);
  // The latest `deliver`, for turns that were queued before it changed.
  const deliverRef = useRef(deliver);
  useEffect(() => {
    deliverRef.current = deliver;
  });

  const patch = useCallback(
    (key: string, fields: Partial<OutboxItem>) =>
      update((list) => list.map((item) => (item.key === key ? { ...item, ...fields } : item))),
    [update],
  );

  const inTurn = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const turn = line.current.then(task);
    line.current = turn.catch(() => undefined);
    return turn;
  }, []);

  const queue = useCallback(
    (key: string): Promise<Delivery> => {
      const failuresBefore = failures.current;
      return inTurn(async (): Promise<Delivery> => {
        if (left.current) return 'carried';
        const item = current.current.find((i) => i.key === key);
        if (!item || item.status !== 'sending') return 'failed';
        if (failures.current !== failuresBefore) {
          patch(key, { status: 'failed' });
          return 'failed';
        }
        return deliverRef.current(item);
      });
    },
    [inTurn, patch],
  );

  const send = useCallback(
    (text: string) => {
      const key = nextKey();
      update((list) => [...list, { key, text, status: 'sending', messageId: null, after: storedCount() }]);
      return queue(key);
    },
    [nextKey, update, storedCount, queue],
  );

  const retry = useCallback(
    (key: string) => {
      const item = current.current.find((i) => i.key === key);
      if (!item || item.status !== 'failed') return Promise.resolve<Delivery>('failed');
      const again: OutboxItem = { ...item, status: 'sending', after: storedCount() };
      update((list) => [...list.filter((i) => i.key !== key), again]);
      return queue(key);
    },
    [update, storedCount, queue],
  );

  const sendCarried = useCallback(() => {
    if (carriedSent.current) return;
    carriedSent.current = true;
    for (const item of current.current) if (item.status === 'sending') void queue(item.key);
  }, [queue]);

  const saved = useCallback(
    (key: string, messageId: string) => patch(key, { status: 'saved', messageId }),
    [patch],
  );

  const failed = useCallback(
    (key: string) => {
      failures.current += 1;
      patch(key, { status: 'failed' });
    },
    [patch],
  );

  const leave = useCallback((first: string | null, draft: string): Carry | null => {
    if (left.current) return null;
    left.current = true;
    const waiting = current.current.filter((i) => i.status === 'sending').map((i) => i.text);
    const notSent = current.current.filter((i) => i.status === 'failed').map((i) => i.text);
    return { send: first === null ? waiting : [first, ...waiting], notSent, draft };
  }, []);

  const stay = useCallback(() => {
    left.current = false;
    failures.current += 1;
    update((list) => list.map((i) => (i.status === 'sending' ? { ...i, status: 'failed' } : i)));
  }, [update]);

  return useMemo(
    () => ({ items, send, retry, sendCarried, inTurn, saved, failed, leave, stay }),
    [items, send, retry, sendCarried, inTurn, saved, failed, leave, stay],
  );
}
