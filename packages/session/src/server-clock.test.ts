import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '@chat/core';
import { SERVER_CLOCK_OFFSET_KEY, createServerClock, observing } from './server-clock.js';

const HOUR = 60 * 60 * 1000;

/** A device clock the test moves by hand. */
function deviceClock(start = 1_000_000) {
  const clock = { now: start };
  return { clock, read: () => clock.now };
}

function memoryStore(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('createServerClock (expiry by the server’s time, not the device’s)', () => {
  it('takes the device’s clock as right until the server has stamped something', () => {
    const device = deviceClock();
    expect(createServerClock(null, device.read).now()).toBe(1_000_000);
  });

  it('learns the offset from a stamp taken while the request was under way (its midpoint)', () => {
    const device = deviceClock();
    const clock = createServerClock(null, device.read);
    // Sent at 1 000 000, answered 200 ms later; the server, 25 h behind, stamped it mid-way.
    clock.observe(1_000_100 - 25 * HOUR, 1_000_000, 1_000_200);
    expect(clock.now()).toBe(1_000_000 - 25 * HOUR);
    device.clock.now += 5_000;
    expect(clock.now()).toBe(1_005_000 - 25 * HOUR);
  });

  it('follows the latest stamp: the server’s clock can be moved', () => {
    const device = deviceClock();
    const clock = createServerClock(null, device.read);
    clock.observe(1_000_000 - 25 * HOUR, 1_000_000, 1_000_000);
    clock.observe(1_000_000 + 25 * HOUR, 1_000_000, 1_000_000);
    expect(clock.now()).toBe(1_000_000 + 25 * HOUR);
  });

  it('ignores a stamp that is not a time', () => {
    const device = deviceClock();
    const clock = createServerClock(null, device.read);
    clock.observe(Number.NaN, 1_000_000, 1_000_100);
    clock.observe(Number.POSITIVE_INFINITY, 1_000_000, 1_000_100);
    expect(clock.now()).toBe(1_000_000);
  });

  it('remembers the offset for the tab, so a reload judges the conversation by the same clock', () => {
    const store = memoryStore();
    const device = deviceClock();
    createServerClock(store, device.read).observe(1_000_000 - HOUR, 1_000_000, 1_000_000);
    expect(store.values.get(SERVER_CLOCK_OFFSET_KEY)).toBe(String(-HOUR));
    expect(createServerClock(store, device.read).now()).toBe(1_000_000 - HOUR);
  });

  it('treats a stored value that is not a number, or storage that refuses access, as no offset', () => {
    const device = deviceClock();
    const garbled = memoryStore();
    garbled.values.set(SERVER_CLOCK_OFFSET_KEY, 'soon');
    expect(createServerClock(garbled, device.read).now()).toBe(1_000_000);

    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    };
    const clock = createServerClock(refusing, device.read);
    expect(clock.now()).toBe(1_000_000);
    clock.observe(1_000_000 + HOUR, 1_000_000, 1_000_000);
    expect(clock.now()).toBe(1_000_000 + HOUR);
  });
});

describe('observing (a write whose answer the server stamped teaches the clock)', () => {
  it('times the write and learns from its createdAt', async () => {
    const device = deviceClock();
    const clock = createServerClock(null, device.read);
    const record = await observing(clock, async () => {
      device.clock.now += 100; // the round trip
      return { id: 'm1', createdAt: 1_000_050 + 25 * HOUR };
    });
    expect(record.id).toBe('m1');
    expect(clock.now()).toBe(1_000_100 + 25 * HOUR);
  });

  it('learns nothing from a write that fails', async () => {
    const device = deviceClock();
    const clock = createServerClock(null, device.read);
    await expect(observing(clock, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(clock.now()).toBe(1_000_000);
  });
});
