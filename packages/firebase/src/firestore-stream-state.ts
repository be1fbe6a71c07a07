import type { StreamState } from '@chat/core';

/**
 * Whether a messages snapshot comes live from the server or from the local cache because Firestore
 * is offline (it keeps retrying, and the next server snapshot holds whatever was missed).
 */
export function streamStateOf(metadata: { fromCache: boolean }): StreamState {
  return metadata.fromCache ? 'reconnecting' : 'live';
}
