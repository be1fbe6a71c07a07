// Regression: a reply cut mid-stream (its writer killed) showed its raw Markdown where it stopped
// ("We open again **toda"), although the same text had shown without the marker while it streamed.
import { render, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { createInMemoryAuth } from '@chat/contract/in-memory';
import { MessageBubble } from './message-bubble.js';

it('a cut reply ends as it showed while streaming: no half a bold marker', async () => {
  const { container } = render(
    <MessageBubble
      message={{
        id: 'reply-1',
        role: 'model',
        text: "**We're closed right now.** We open again **toda",
        createdAt: 1,
        cut: true,
      }}
      assistantName="Ava"
      authPrompt={{ auth: createInMemoryAuth(), onSuccess: vi.fn(), onCancel: vi.fn() }}
      onRetry={vi.fn()}
    />,
  );
  // The Markdown renderer has taken over once the complete bold shows as bold.
  await waitFor(() => expect(container.querySelector('strong')).not.toBeNull());
  const reply = container.querySelector('.assistant-markdown')!;
  expect(reply.textContent).toBe("We're closed right now. We open again toda");
  expect([...reply.querySelectorAll('strong')].map((bold) => bold.textContent)).toEqual([
    "We're closed right now.",
    'toda',
  ]);
});

// Regression: the avatar showed half of an emoji (a lone surrogate, drawn as a broken character) for an
// assistant whose name starts with one.
it("the avatar shows the first character of the assistant's name, a whole emoji too", () => {
  const avatarFor = (assistantName: string) => {
    const { container, unmount } = render(
      <MessageBubble
        message={{ id: 'reply-1', role: 'model', text: 'Hello!', createdAt: 1 }}
        assistantName={assistantName}
        authPrompt={{ auth: createInMemoryAuth(), onSuccess: vi.fn(), onCancel: vi.fn() }}
        onRetry={vi.fn()}
      />,
    );
    const letter = container.querySelector('.msg__avatar')!.textContent;
    unmount();
    return letter;
  };
  expect(avatarFor('ava')).toBe('A');
  expect(avatarFor('🌸 Bella')).toBe('🌸');
  expect(avatarFor('  ')).toBe('A');
});
