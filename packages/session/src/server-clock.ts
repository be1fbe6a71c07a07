/**
 * The server's clock, as the page knows it. Expiry (§4, §9) is the server's rule: the server stamps
 * createdAt and expiredAt, and its chat service refuses an expired conversation. So the page judges
 * expiry by the server's time, not the device's. A device clock a day ahead would otherwise find every
 * conversation expired the moment the server created it (and the page would replace one with the
 * next, over and over); one a day behind would keep writing into a conversation the server refuses.
 *
 * The offset between the two clocks is learned from each record the server stamps while the page
 * waits for it (a new conversation, a saved message): the stamp was taken between sending the request
 * and receiving the answer, so the offset is the stamp minus the request's midpoint, right to within
 * half the round trip. The latest observation wins, since the server's clock can be moved (the mock
 * server's control API, an NTP step). Until the first one the device's clock is taken as right.
 *
 * The offset is kept in the tab's session storage next to the conversation id, so a reload judges the
 * conversation it reopens by the same clock. Limits: a tab that has never written anything (a new tab
 * opening a conversation's link) has no offset yet and uses the device's clock for that first check;
 * a device clock changed while the page is open is noticed at the next write only.
 */
import type { KeyValueStore } from '@chat/core';

export interface ServerClock {
  /** The server's time now (epoch ms): the device's clock corrected by the last offset learned. */
  now(): number;
  /**
   * Learns the offset from `stampMs`, a time the server wrote while handling a request sent at
   * `sentAtMs` and answered at `receivedAtMs` (both by the device's clock). A stamp that is not a
   * finite number is ignored.
   */
  observe(stampMs: number, sentAtMs: number, receivedAtMs: number): void;
  /** The device's clock, the one `observe` expects request times from. */
  deviceNow(): number;
}

export const SERVER_CLOCK_OFFSET_KEY = 'chat.serverClockOffsetMs';

export function createServerClock(
  store: KeyValueStore | null = null,
  deviceNow: () => number = () => Date.now(),
): ServerClock {
  let offsetMs = readOffset(store);
  return {
    now: () => deviceNow() + offsetMs,
    deviceNow,
    observe(stampMs, sentAtMs, receivedAtMs) {
      if (![stampMs, sentAtMs, receivedAtMs].every(Number.isFinite)) return;
      offsetMs = Math.round(stampMs - (sentAtMs + receivedAtMs) / 2);
      writeOffset(store, offsetMs);
    },
  };
}

/**
 * Runs `write`, a call whose answer carries a server-stamped `createdAt`, and teaches `clock` the
 * server's time from it.
 */
export async function observing<T extends { createdAt: number }>(
  clock: ServerClock,
  write: () => Promise<T>,
): Promise<T> {
  const sentAt = clock.deviceNow();
  const record = await write();
  clock.observe(record.createdAt, sentAt, clock.deviceNow());
  return record;
}

function readOffset(store: KeyValueStore | null): number {
  try {
    const stored = Number(store?.getItem(SERVER_CLOCK_OFFSET_KEY) ?? '');
    return Number.isFinite(stored) ? stored : 0;
  } catch {
    // Storage that refuses access behaves as empty (see conversation-memory.ts).
    return 0;
  }
}

function writeOffset(store: KeyValueStore | null, offsetMs: number): void {
  try {
    store?.setItem(SERVER_CLOCK_OFFSET_KEY, String(offsetMs));
  } catch {
    // Without storage the offset lives as long as the page.
  }
}
