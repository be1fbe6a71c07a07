import { useEffect, useEffectEvent, useRef } from 'react';
import { visibleText, type EmbedChatMessage, type Message } from '@chat/core';
import { useEmbed } from '../../../lib/embed/embed-context.js';

/**
 * Inside the embed snippet's iframe: tells the host page when the chat can take questions
 * ('ready'), sends the questions it asks (BusinessChat.open({ question })) as the visitor's
 * messages, and reports each new message once it is complete — the 'message' event on the host.
 * Messages already in the conversation when it opened are history, not news, and are not reported.
 * Does nothing on the plain page.
 */
export function useEmbedHost(options: {
  messages: readonly Message[];
  loaded: boolean;
  canSend: boolean;
  send(text: string): Promise<unknown>;
}): void {
  const { host } = useEmbed();
  const { messages, loaded, canSend } = options;
  const reported = useRef<Set<string> | null>(null);
  const send = useEffectEvent((text: string) => void options.send(text));

  useEffect(() => {
    if (!host || !canSend) return;
    const stop = host.onAsk(send);
    host.post({ type: 'ready' });
    return stop;
  }, [host, canSend]);

  useEffect(() => {
    if (!host || !loaded) return;
    if (reported.current === null) {
      reported.current = new Set(messages.map((message) => message.id));
      return;
    }
    for (const message of messages) {
      if (reported.current.has(message.id) || message.streaming || message.type === 'loading') continue;
      reported.current.add(message.id);
      host.post({ type: 'message', message: toEmbedMessage(message) });
    }
  }, [host, loaded, messages]);
}

function toEmbedMessage(message: Message): EmbedChatMessage {
  const author = message.role === 'model' ? 'assistant' : message.role === 'user' ? 'visitor' : 'system';
  return { id: message.id, author, text: visibleText(message.text), createdAt: message.createdAt };
}
