import { serverTimestamp, Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { sdkFields } from './firestore-sdk.js';
import { FirestoreTime, isTimeLike } from './firestore-time.js';

const T0 = Date.UTC(2026, 10, 21, 15, 30, 0, 250);

describe('FirestoreTime', () => {
  it("reads as the SDK's Timestamp: the same seconds, nanoseconds and milliseconds", () => {
    for (const ms of [T0, T0 + 0.5, 0, -1, -1500.25, 86_400_000]) {
      const own = FirestoreTime.fromMillis(ms);
      const sdk = Timestamp.fromMillis(ms);
      expect([own.seconds, own.nanoseconds, own.toMillis()]).toEqual([
        sdk.seconds,
        sdk.nanoseconds,
        sdk.toMillis(),
      ]);
      expect(own).toEqual(sdk);
    }
  });

  it('is told apart from a map by its toMillis, and takes the SDK Timestamp as one of its own', () => {
    expect(isTimeLike(new FirestoreTime(1, 2))).toBe(true);
    expect(isTimeLike(new Timestamp(1, 2))).toBe(true);
    expect(isTimeLike({ seconds: 1, nanoseconds: 2 })).toBe(false);
    expect(isTimeLike(null)).toBe(false);
  });
});

describe("the SDK's writes (sdkFields)", () => {
  it("write each time as the SDK's Timestamp, in maps and arrays too, and the rest as it is", () => {
    const sentinel = serverTimestamp();
    const written = sdkFields({
      deleteAt: new FirestoreTime(86_400, 5),
      kept: Timestamp.fromMillis(T0),
      createdAt: sentinel,
      lastMessage: { text: 'hi', sentAt: FirestoreTime.fromMillis(T0) },
      list: [FirestoreTime.fromMillis(0), 'x'],
      n: null,
    });
    expect(written.deleteAt).toBeInstanceOf(Timestamp);
    expect(written.deleteAt).toEqual(new Timestamp(86_400, 5));
    expect(written.kept).toBeInstanceOf(Timestamp);
    expect(written.createdAt).toBe(sentinel);
    expect(written.lastMessage.sentAt).toBeInstanceOf(Timestamp);
    expect(written.lastMessage.text).toBe('hi');
    expect(written.list[0]).toBeInstanceOf(Timestamp);
    expect(written.list[1]).toBe('x');
    expect(written.n).toBeNull();
  });
});
