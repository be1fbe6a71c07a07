import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../errors.js';
import { WRITE_TIMEOUT_MS, withDeadline } from './call-deadlines.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withDeadline (a hung write or chat call ends in a failure, not silence)', () => {
  it('resolves with the answer that comes in time', async () => {
    await expect(withDeadline(Promise.resolve('saved'), 1000, 'Saving')).resolves.toBe('saved');
  });

  it('passes on a failure that comes in time, unchanged', async () => {
    const refusal = new ProviderError('not-found', 'gone');
    await expect(withDeadline(Promise.reject(refusal), 1000, 'Saving')).rejects.toBe(refusal);
  });

  it("rejects with 'unavailable', naming the call and the limit, when no answer comes", async () => {
    const outcome = withDeadline(new Promise<never>(() => undefined), WRITE_TIMEOUT_MS, 'Saving the message');
    const settled = expect(outcome).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Saving the message did not answer within 15 s',
    });
    await vi.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('waits until the limit exactly, not a moment less', async () => {
    let settled = false;
    void withDeadline(new Promise<never>(() => undefined), 500, 'x').catch(() => (settled = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});
