import { describe, expect, it } from 'vitest';
import { ProviderError } from '@chat/core';
import { createFaults } from './faults.js';

describe('faults', () => {
  it('fails the next N calls of an operation, then none', () => {
    const faults = createFaults();
    faults.add({ operation: 'chat', error: 502, count: 2 });
    expect(faults.take('otp.send')).toBeNull();
    expect(faults.take('chat')).toEqual({ kind: 'status', status: 502 });
    expect(faults.take('chat')).toEqual({ kind: 'status', status: 502 });
    expect(faults.take('chat')).toBeNull();
  });

  it('queues faults of one operation in order and defaults count to 1', () => {
    const faults = createFaults();
    faults.add({ operation: 'otp.verify', error: 'invalid-code' });
    faults.add({ operation: 'otp.verify', error: 'code-expired' });
    expect(faults.take('otp.verify')).toEqual({ kind: 'code', code: 'invalid-code' });
    expect(faults.take('otp.verify')).toEqual({ kind: 'code', code: 'code-expired' });
    expect(faults.list()).toEqual([]);
  });

  it('accepts a status as a numeric string and clears everything', () => {
    const faults = createFaults();
    expect(faults.add({ operation: 'data.addMessage', error: '429' }).error).toEqual({
      kind: 'status',
      status: 429,
    });
    faults.clear();
    expect(faults.take('data.addMessage')).toBeNull();
  });

  it('rejects specs that do not suit the operation, naming the field', () => {
    const faults = createFaults();
    expect(() => faults.add({ operation: 'botcheck', error: 500 })).toThrow(ProviderError);
    expect(() => faults.add({ operation: 'listen', error: 'nope' })).toThrow(/error: must be one of/);
    expect(() => faults.add({ operation: 'chat', error: 'oops' })).toThrow(/error: must be an HTTP status/);
    expect(() => faults.add({ operation: 'chat', error: 500, count: 1.5 })).toThrow(/count/);
    expect(() => faults.add(null)).toThrow(/body/);
    expect(() => faults.add({ operation: 'chat', error: 500, extra: 1 })).toThrow(
      /Unrecognized key: "extra"/,
    );
    expect(faults.list()).toEqual([]);
  });
});
