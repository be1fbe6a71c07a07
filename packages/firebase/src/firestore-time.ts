/**
 * A Firestore time without the Firestore SDK: seconds and nanoseconds, as the SDK's Timestamp and REST's
 * RFC 3339 text keep it (the rules compare an expiry to the nanosecond). The page's first script reads
 * and writes over REST (decision 0021) and loads the SDK later, in a chunk of its own (decision 0036), so
 * what the REST path, the converters and the data provider build is this; the SDK's writes convert it to
 * the SDK's Timestamp (firestore-sdk.ts). Its fields and toMillis() are the SDK Timestamp's, so a
 * converter or a test that reads one reads the other.
 */
export class FirestoreTime {
  constructor(
    readonly seconds: number,
    readonly nanoseconds: number,
  ) {}

  /** Epoch milliseconds as a time, as the SDK's Timestamp.fromMillis. */
  static fromMillis(ms: number): FirestoreTime {
    const seconds = Math.floor(ms / 1000);
    return new FirestoreTime(seconds, Math.floor((ms - seconds * 1000) * 1_000_000));
  }

  /** Epoch milliseconds (with the sub-millisecond part as a fraction), as the SDK's toMillis. */
  toMillis(): number {
    return this.seconds * 1000 + this.nanoseconds / 1_000_000;
  }
}

/** A time with seconds and nanoseconds: this one or the SDK's Timestamp (any copy: web, lite, admin). */
export interface TimeLike {
  readonly seconds: number;
  readonly nanoseconds: number;
  toMillis(): number;
}

export function isTimeLike(value: unknown): value is TimeLike {
  if (typeof value !== 'object' || value === null) return false;
  const time = value as Partial<Record<keyof TimeLike, unknown>>;
  return (
    typeof time.seconds === 'number' &&
    typeof time.nanoseconds === 'number' &&
    typeof time.toMillis === 'function'
  );
}
