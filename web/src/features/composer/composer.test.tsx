import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/toast/toast-provider.js';
import { Composer, type ComposerProps } from './composer.js';

/** The box with an owner of its text, as the page gives it one (the session's draft). */
type OwnedProps = Omit<ComposerProps, 'text' | 'onTextChange'>;

function OwnedComposer(props: OwnedProps) {
  const [text, setText] = useState('');
  return <Composer {...props} text={text} onTextChange={setText} />;
}

function setup(props: Partial<OwnedProps> = {}) {
  const onSend = vi.fn<(text: string) => void>();
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <OwnedComposer disabled={false} onSend={onSend} {...props} />
    </ToastProvider>,
  );
  const input = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
  const sendButton = screen.getByRole('button', { name: 'Send' });
  return { user, onSend, input, sendButton };
}

describe('Composer: the 2048-character limit', () => {
  it('truncates typing beyond 2048 characters and says so', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('a'.repeat(2047));
    await user.keyboard('bc');
    expect(input.value).toHaveLength(2048);
    expect(input.value.endsWith('ab')).toBe(true);
    expect(screen.getByText('Your text was truncated to 2048 characters.')).toBeInTheDocument();
  });

  it('does not toast while typing stays within the limit', async () => {
    const { user, input } = setup();
    await user.type(input, 'hello');
    expect(input.value).toBe('hello');
    expect(screen.getByRole('status', { name: 'Notifications' })).toBeEmptyDOMElement();
  });

  it('inserts nothing when pasting at the limit', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('a'.repeat(2048));
    expect(screen.getByRole('status', { name: 'Notifications' })).toBeEmptyDOMElement();
    await user.paste('more');
    expect(input.value).toBe('a'.repeat(2048));
    expect(screen.getByText('Limit reached (2048). Remove some text to paste more.')).toBeInTheDocument();
  });

  it('inserts what fits of a paste that is too long, and puts the caret after it', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('a'.repeat(10));
    input.setSelectionRange(5, 5);
    await user.paste('b'.repeat(2100));
    expect(input.value).toBe('aaaaa' + 'b'.repeat(2038) + 'aaaaa');
    expect(input.selectionStart).toBe(2043);
    expect(
      screen.getByText('Pasted text was truncated to fit the 2048-character limit.'),
    ).toBeInTheDocument();
  });

  it('shows a counter near the limit', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('a'.repeat(1800));
    expect(screen.queryByText('1800/2048')).not.toBeInTheDocument();
    await user.paste('a'.repeat(50));
    expect(screen.getByText('1850/2048')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('1850/2048');
  });
});

describe('Composer: sending', () => {
  it('disables Send for blank or whitespace-only text, and Enter does nothing', async () => {
    const { user, input, sendButton, onSend } = setup();
    expect(sendButton).toBeDisabled();
    await user.type(input, '   {Enter}');
    expect(sendButton).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    await user.type(input, 'x');
    expect(sendButton).toBeEnabled();
  });

  it('sends the trimmed text with the button and clears the box', async () => {
    const { user, input, sendButton, onSend } = setup();
    await user.type(input, '  hello there  ');
    await user.click(sendButton);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('hello there');
    expect(input.value).toBe('');
    expect(input).toHaveFocus();
  });

  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const { user, input, onSend } = setup();
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input.value).toBe('line one\nline two');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('line one\nline two');
    expect(input.value).toBe('');
  });

  it('does not send on the Enter that ends an IME composition', async () => {
    const { user, input, onSend } = setup();
    await user.type(input, 'こんにちは');
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('こんにちは');
  });
});

describe('Composer: sending', () => {
  // A message that cannot be saved waits in the conversation with Retry (the session's outbox): the
  // box never takes it back, so what the visitor types next is never overwritten.
  it('hands over the trimmed text and clears the box at once', async () => {
    const { user, input, onSend } = setup();
    await user.type(input, '  Book me in  {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Book me in');
    expect(input.value).toBe('');
    await user.type(input, 'Actually');
    expect(input.value).toBe('Actually');
  });
});

describe('Composer: disabled', () => {
  it('shows the placeholder and disables the box and the button', () => {
    const { input, sendButton } = setup({
      disabled: true,
      placeholder: 'Chat disabled - verification pending',
    });
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', 'Chat disabled - verification pending');
    expect(sendButton).toBeDisabled();
  });

  it('does not send on Enter while disabled', () => {
    const { input, onSend } = setup({ disabled: true });
    fireEvent.change(input, { target: { value: 'queued' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('takes focus when asked', () => {
    const { input } = setup({ autoFocus: true });
    expect(input).toHaveFocus();
  });
});

describe('Composer: height', () => {
  afterEach(() => {
    // Restore the jsdom default (no layout: scrollHeight 0).
    delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
  });

  it('caps the box at 300px and scrolls beyond', () => {
    const { input } = setup();
    expect(input.style.maxHeight).toBe('300px');
    expect(input.style.overflowY).toBe('auto');
  });

  it('grows with its lines up to 300px', async () => {
    // jsdom has no layout: report 22px per line, as the stylesheet's line-height would.
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return this.value.split('\n').length * 22;
      },
    });
    const { user, input } = setup();
    await user.type(input, 'a{Shift>}{Enter}{/Shift}b{Shift>}{Enter}{/Shift}c');
    expect(input.style.height).toBe('66px');
    await user.click(input);
    await user.paste('\n'.repeat(30));
    expect(input.style.height).toBe('300px');
  });

  it('fits the placeholder again when it changes', () => {
    // An empty box is as tall as its placeholder: report two 22px lines for a long one.
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return (this.value || this.placeholder).length > 30 ? 44 : 22;
      },
    });
    const onSend = vi.fn();
    const { rerender } = render(
      <ToastProvider>
        <OwnedComposer disabled={false} onSend={onSend} />
      </ToastProvider>,
    );
    const input = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    expect(input.style.height).toBe('22px');
    rerender(
      <ToastProvider>
        <OwnedComposer disabled placeholder="Verify your phone number above to continue" onSend={onSend} />
      </ToastProvider>,
    );
    expect(input.style.height).toBe('44px');
  });
});
