// Issue 28 point 6: the assistant's name shows where a sighted visitor sees it (over its replies),
// not only as an avatar's letter and screen-reader text.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createInMemoryAuth } from '@chat/contract/in-memory';
import type { ListedMessage } from '@chat/session';
import { MessageList } from './message-list.js';

const at = (
  id: string,
  role: ListedMessage['role'],
  text: string,
  type?: ListedMessage['type'],
): ListedMessage => ({
  id,
  role,
  text,
  createdAt: 1,
  ...(type ? { type } : {}),
});

function renderList(messages: ListedMessage[]) {
  return render(
    <MessageList
      messages={messages}
      assistantName="Rosie"
      businessName="Rosie's Cakes"
      authPrompt={{ auth: createInMemoryAuth(), onSuccess: vi.fn(), onCancel: vi.fn() }}
      onRetry={vi.fn()}
    />,
  );
}

/** The text of `node` without what is hidden from assistive technology. */
function readAloud(node: Node): string {
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return [...node.childNodes].map(readAloud).join('');
}

describe('MessageList: who is speaking', () => {
  it("shows the assistant's name over each run of its replies, as visible text", () => {
    const { container } = renderList([
      at('1', 'user', 'Hi'),
      at('2', 'model', 'Hello! I am here to help.'),
      at('3', 'model', 'What can I do for you?'),
      at('4', 'user', 'Your hours?'),
      at('5', 'model', 'We open at 9.'),
      at('6', 'system', '✓ Phone number verified successfully', 'system'),
    ]);
    const names = [...container.querySelectorAll('.msg-author')];
    expect(names.map((n) => n.textContent)).toEqual(['Rosie', 'Rosie']);
    // Visible (not the screen-reader-only class), and before the reply it names.
    for (const name of names) expect(name).not.toHaveClass('sr-only');
    expect(names[0]!.nextElementSibling).toHaveTextContent('Hello! I am here to help.');
  });

  it('is read once by screen readers: from the reply, not from the visible name too', () => {
    renderList([at('1', 'model', 'We open at 9.')]);
    expect(document.querySelector('.msg-author')).toHaveAttribute('aria-hidden', 'true');
    // What assistive technology reads of the log: the reply with its speaker, once.
    expect(readAloud(screen.getByRole('log'))).toBe('Rosie: We open at 9.');
  });
});
