import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TypingIndicator } from './typing-indicator.js';

describe('TypingIndicator', () => {
  it('introduces the assistant by name in a status region', () => {
    render(<TypingIndicator assistantName="Ava" />);
    expect(screen.getByRole('status')).toHaveTextContent('Ava is typing…');
  });

  it('hides the animated dots from assistive technology', () => {
    const { container } = render(<TypingIndicator assistantName="Ava" />);
    expect(container.querySelector('.typing-indicator__dots')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelectorAll('.typing-indicator__dot')).toHaveLength(3);
  });
});
