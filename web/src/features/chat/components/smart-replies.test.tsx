import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EN, loadCatalogue, offeredReply, type SmartReply } from '@chat/core';
import { applyLanguage } from '../../../lib/i18n/active-text.js';
import { SmartReplies } from './smart-replies.js';

const reply = (text: string, type = 'chat'): SmartReply => ({ type, text });

afterEach(() => applyLanguage('en', EN));

describe('SmartReplies', () => {
  it('shows pill buttons named by their text in a labelled group', () => {
    render(
      <SmartReplies
        replies={[reply('Verify later'), reply('Need more info about services')]}
        onSelect={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: 'Suggested replies' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Verify later', 'Need more info about services']);
  });

  it("labels a reply that acts in the visitor's language; other replies keep their words", async () => {
    applyLanguage('es', await loadCatalogue('es'));
    const onSelect = vi.fn();
    const contact = offeredReply(reply('Contact Support'));
    render(<SmartReplies replies={[contact, offeredReply(reply('¿Dónde están?'))]} onSelect={onSelect} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Contactar con soporte',
      '¿Dónde están?',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Contactar con soporte' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({
      type: 'chat',
      text: 'Contact Support',
      action: 'contact-support',
    });
  });

  it('shows at most 4', () => {
    render(<SmartReplies replies={['a', 'b', 'c', 'd', 'e', 'f'].map((t) => reply(t))} onSelect={vi.fn()} />);
    expect(screen.getAllByRole('button')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'e' })).not.toBeInTheDocument();
  });

  it('calls onSelect with the whole reply', async () => {
    const onSelect = vi.fn();
    render(<SmartReplies replies={[reply('Refresh Page', 'system')]} onSelect={onSelect} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({ type: 'system', text: 'Refresh Page' });
  });

  it('disables every button when disabled', async () => {
    const onSelect = vi.fn();
    render(<SmartReplies replies={[reply('One'), reply('Two')]} disabled onSelect={onSelect} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'One' }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('renders nothing without replies', () => {
    const { container } = render(<SmartReplies replies={[]} onSelect={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
