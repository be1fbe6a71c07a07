import { describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../errors.js';
import { isTransientError, withReadRetries } from './read-retry.js';

const noWait = vi.fn(async (_ms: number) => undefined);

describe('isTransientError', () => {
  it('is true for no answer or a server failure, false for a refusal or a "no"', () => {
    expect(isTransientError(new ProviderError('unavailable'))).toBe(true);
    expect(isTransientError(new ProviderError('internal'))).toBe(true);
    expect(isTransientError(new TypeError('Failed to fetch'))).toBe(true);
    for (const code of ['not-found', 'permission-denied', 'unauthenticated', 'invalid-argument'] as const) {
      expect(isTransientError(new ProviderError(code))).toBe(false);
    }
  });
});

describe('withReadRetries', () => {
  it('tries again after each pause while the failure is transient, then succeeds', async () => {
    noWait.mockClear();
    const task = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ProviderError('unavailable'))
      .mockRejectedValueOnce(new ProviderError('internal'))
      .mockResolvedValue('ok');
    await expect(withReadRetries(task, [10, 20, 30], noWait)).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(3);
    expect(noWait.mock.calls.map(([ms]) => ms)).toEqual([10, 20]);
  });

  it('gives up with the last error after the last pause', async () => {
    const task = vi.fn(async () => {
      throw new ProviderError('unavailable', 'down');
    });
    await expect(withReadRetries(task, [1, 1], noWait)).rejects.toThrow('down');
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('never retries a refusal', async () => {
    const task = vi.fn(async () => {
      throw new ProviderError('permission-denied');
    });
    await expect(withReadRetries(task, [1, 1], noWait)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(task).toHaveBeenCalledTimes(1);
  });
});
