import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConversationsSidebar } from './conversations-sidebar.js';

function setup(open = true) {
  const onClose = vi.fn<() => void>();
  const onNewConversation = vi.fn<() => void>();
  const user = userEvent.setup();
  const view = render(
    <>
      <button type="button">Opener</button>
      <ConversationsSidebar open={open} onClose={onClose} onNewConversation={onNewConversation} />
    </>,
  );
  return { ...view, user, onClose, onNewConversation };
}

describe('ConversationsSidebar', () => {
  it('renders nothing when closed', () => {
    setup(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ New Conversation' })).not.toBeInTheDocument();
  });

  it("is a dialog labelled 'Conversations' with '+ New Conversation' focused", async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Conversations' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: '+ New Conversation' })).toHaveFocus();
  });

  it("calls onNewConversation from '+ New Conversation'", async () => {
    const { user, onNewConversation } = setup();
    await user.click(await screen.findByRole('button', { name: '+ New Conversation' }));
    expect(onNewConversation).toHaveBeenCalledTimes(1);
  });

  it('closes with the close button', async () => {
    const { user, onClose } = setup();
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', async () => {
    const { user, onClose } = setup();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the drawer', async () => {
    const { user } = setup();
    const close = await screen.findByRole('button', { name: 'Close' });
    const newConversation = screen.getByRole('button', { name: '+ New Conversation' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(newConversation).toHaveFocus();
  });

  it('gives focus back when it closes', async () => {
    const { user, rerender, onClose, onNewConversation } = setup(false);
    const opener = screen.getByRole('button', { name: 'Opener' });
    await user.click(opener);
    const view = (open: boolean) => (
      <>
        <button type="button">Opener</button>
        <ConversationsSidebar open={open} onClose={onClose} onNewConversation={onNewConversation} />
      </>
    );
    rerender(view(true));
    expect(await screen.findByRole('button', { name: '+ New Conversation' })).toHaveFocus();
    rerender(view(false));
    expect(opener).toHaveFocus();
  });
});
