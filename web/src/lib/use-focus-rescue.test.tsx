import { render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusRescue } from './use-focus-rescue.js';

/** A button that goes away when pressed, beside two places focus can go. */
function Panel({ firstDisabled = false }: { firstDisabled?: boolean }) {
  const [shown, setShown] = useState(true);
  const first = useRef<HTMLInputElement>(null);
  const second = useRef<HTMLButtonElement>(null);
  const container = useFocusRescue<HTMLDivElement>(() => [first.current, second.current]);
  return (
    <>
      <button type="button">Outside</button>
      <div ref={container}>
        {shown && (
          <button type="button" onClick={() => setShown(false)}>
            Once
          </button>
        )}
        <input aria-label="First" ref={first} disabled={firstDisabled} />
        <button type="button" ref={second}>
          Second
        </button>
      </div>
    </>
  );
}

describe('useFocusRescue', () => {
  it('moves focus to the first target when the focused element is removed', async () => {
    render(<Panel />);
    screen.getByRole('button', { name: 'Once' }).focus();
    screen.getByRole('button', { name: 'Once' }).click();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First' })).toHaveFocus());
  });

  it('skips a disabled target', async () => {
    render(<Panel firstDisabled />);
    screen.getByRole('button', { name: 'Once' }).focus();
    screen.getByRole('button', { name: 'Once' }).click();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Second' })).toHaveFocus());
  });

  it('leaves focus where the visitor put it when the removed element no longer had it', async () => {
    render(<Panel />);
    const once = screen.getByRole('button', { name: 'Once' });
    once.focus();
    screen.getByRole('button', { name: 'Outside' }).focus();
    once.click();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Once' })).not.toBeInTheDocument());
    // The observer's microtask has run by now; focus stayed outside.
    await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Outside' })).toHaveFocus();
  });
});
