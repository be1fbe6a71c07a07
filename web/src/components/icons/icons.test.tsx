import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppIcon, CheckIcon, CloseIcon, HourglassIcon, NewChatIcon, SendIcon, WarningIcon } from './index.js';

const ICONS = [
  ['app', AppIcon],
  ['check', CheckIcon],
  ['close', CloseIcon],
  ['hourglass', HourglassIcon],
  ['new-chat', NewChatIcon],
  ['send', SendIcon],
  ['warning', WarningIcon],
] as const;

describe('icons', () => {
  it.each(ICONS)('%s is decorative, unfocusable and sized by its size prop', (name, Icon) => {
    const { container } = render(<Icon size={28} className="extra" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('data-icon', name);
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('width', '28');
    expect(svg).toHaveAttribute('height', '28');
    expect(svg).toHaveClass('extra');
    expect(svg?.children.length).toBeGreaterThan(0);
  });

  it('defaults to 20px', () => {
    const { container } = render(<SendIcon />);
    expect(container.querySelector('svg')).toHaveAttribute('width', '20');
  });
});
