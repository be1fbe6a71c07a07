/**
 * The chat page's side of the snippet's postMessage channel (protocol in @chat/core embed-protocol).
 * It sends only to the host's exact origin, and accepts only messages from the window that framed
 * it and from that origin; anything else is ignored.
 */
import {
  EMBED_MESSAGE_SOURCE,
  isHostToPageMessage,
  type EmbedChatMessage,
  type HostToPageMessage,
} from '@chat/core';

type Outgoing = { type: 'ready' } | { type: 'close' } | { type: 'message'; message: EmbedChatMessage };

export interface HostBridge {
  /** Sends a message to the host page (delivered only if the parent is still at the host origin). */
  post(message: Outgoing): void;
  /** Calls `listener` with every question the host asks through BusinessChat.open({ question }). */
  onAsk(listener: (question: string) => void): () => void;
}

export function createHostBridge(hostOrigin: string, win: Window = window): HostBridge {
  return {
    post(message) {
      win.parent.postMessage({ source: EMBED_MESSAGE_SOURCE, ...message }, hostOrigin);
    },
    onAsk(listener) {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== hostOrigin || event.source !== win.parent) return;
        if (!isHostToPageMessage(event.data)) return;
        listener((event.data as HostToPageMessage).question);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}
