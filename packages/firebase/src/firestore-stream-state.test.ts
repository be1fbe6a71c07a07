import { describe, expect, it } from 'vitest';
import { streamStateOf } from './firestore-stream-state.js';

describe('streamStateOf', () => {
  it('is reconnecting while Firestore serves the cache, live once the server answers', () => {
    expect(streamStateOf({ fromCache: true })).toBe('reconnecting');
    expect(streamStateOf({ fromCache: false })).toBe('live');
  });
});
