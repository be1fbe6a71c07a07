import { describe, expect, it } from 'vitest';
import { storageOrMemory, type KeyValueStore } from './key-value-store.js';

function mapStorage(initial: Record<string, string> = {}): KeyValueStore & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function securityError(): never {
  throw new Error(
    "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
  );
}

describe('storageOrMemory', () => {
  it('uses the real storage when it works', () => {
    const real = mapStorage({ kept: 'from before' });
    const store = storageOrMemory(() => real);
    expect(store.getItem('kept')).toBe('from before');
    store.setItem('new', 'value');
    expect(real.items.get('new')).toBe('value');
    store.removeItem('kept');
    expect(real.items.has('kept')).toBe(false);
    expect(store.getItem('kept')).toBeNull();
  });

  // Regression: in a cross-site iframe Chromium throws on the `window.localStorage` getter itself, and the
  // embedded chat failed to start ("The chat could not start").
  it('keeps everything in memory when opening the storage throws (storage denied to a third-party frame)', () => {
    const store = storageOrMemory(securityError);
    expect(store.getItem('chat.conversationId')).toBeNull();
    store.setItem('chat.conversationId', 'c1');
    expect(store.getItem('chat.conversationId')).toBe('c1');
    store.removeItem('chat.conversationId');
    expect(store.getItem('chat.conversationId')).toBeNull();
  });

  it('keeps everything in memory when there is no storage', () => {
    const store = storageOrMemory(() => undefined);
    store.setItem('a', '1');
    expect(store.getItem('a')).toBe('1');
  });

  it('never throws when every call of the storage throws, and reads see the latest write', () => {
    const broken: KeyValueStore = {
      getItem: securityError,
      setItem: securityError,
      removeItem: securityError,
    };
    const store = storageOrMemory(() => broken);
    expect(store.getItem('a')).toBeNull();
    store.setItem('a', '1');
    expect(store.getItem('a')).toBe('1');
    store.removeItem('a');
    expect(store.getItem('a')).toBeNull();
  });

  it('a refused write or removal wins over the stale stored value until the storage takes a later one', () => {
    const real = mapStorage({ a: 'stored' });
    let full = true;
    const quota: KeyValueStore = {
      getItem: (key) => real.getItem(key),
      setItem: (key, value) => (full ? securityError() : real.setItem(key, value)),
      removeItem: (key) => (full ? securityError() : real.removeItem(key)),
    };
    const store = storageOrMemory(() => quota);
    store.setItem('a', 'newer');
    expect(store.getItem('a')).toBe('newer');
    store.removeItem('a');
    expect(store.getItem('a')).toBeNull();
    expect(real.items.get('a')).toBe('stored');

    full = false;
    store.setItem('a', 'latest');
    expect(real.items.get('a')).toBe('latest');
    expect(store.getItem('a')).toBe('latest');
  });
});
