import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SuggestedQuestion } from '@chat/core';
import { SuggestedQuestions } from './suggested-questions.js';

const QUESTIONS: SuggestedQuestion[] = [
  { line1: 'What services do you offer?', line2: 'Haircuts, colour and more' },
  { line1: 'Book an appointment', line2: 'Find a time that suits you' },
  { line1: 'Opening hours', line2: '' },
];

describe('SuggestedQuestions', () => {
  it('shows each question as a button named by line1 and line2', () => {
    render(<SuggestedQuestions questions={QUESTIONS} disabled={false} onSelect={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Suggested questions' });
    expect(within(group).getAllByRole('button')).toHaveLength(3);
    expect(
      screen.getByRole('button', { name: 'What services do you offer? Haircuts, colour and more' }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Opening hours' })).toBeEnabled();
  });

  it('shows line1 in bold and line2 muted', () => {
    render(<SuggestedQuestions questions={QUESTIONS} disabled={false} onSelect={vi.fn()} />);
    expect(screen.getByText('Book an appointment')).toHaveClass('suggested-questions__line1');
    expect(screen.getByText('Find a time that suits you')).toHaveClass('suggested-questions__line2');
  });

  it('calls onSelect with the question', async () => {
    const onSelect = vi.fn();
    render(<SuggestedQuestions questions={QUESTIONS} disabled={false} onSelect={onSelect} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Book an appointment/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(QUESTIONS[1]);
  });

  // Regression (QA): a double-clicked card sent its question twice.
  it('acts on one press at a time: a double click or a press while the last is pending is ignored', async () => {
    let finish!: () => void;
    const onSelect = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<SuggestedQuestions questions={QUESTIONS} disabled={false} onSelect={onSelect} />);
    const card = screen.getByRole('button', { name: /^Book an appointment/ });
    await userEvent.setup().dblClick(card);
    fireEvent.click(screen.getByRole('button', { name: /^Opening hours/ }), { detail: 1 });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(QUESTIONS[1]);
    // Once the choice has been dealt with (here: it failed and the cards stayed), a press works again.
    await act(async () => finish());
    fireEvent.click(card, { detail: 1 });
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('disables every card when disabled', async () => {
    const onSelect = vi.fn();
    render(<SuggestedQuestions questions={QUESTIONS} disabled onSelect={onSelect} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Opening hours/ }));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('renders nothing without questions', () => {
    const { container } = render(<SuggestedQuestions questions={[]} disabled={false} onSelect={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lays three questions out in one row and any other number two by two', () => {
    const { rerender } = render(
      <SuggestedQuestions questions={QUESTIONS} disabled={false} onSelect={vi.fn()} />,
    );
    const group = () => screen.getByRole('group', { name: 'Suggested questions' });
    expect(group()).toHaveClass('suggested-questions--three');
    const four = [...QUESTIONS, { line1: 'Can I change my booking?', line2: '' }];
    rerender(<SuggestedQuestions questions={four} disabled={false} onSelect={vi.fn()} />);
    expect(group()).toHaveClass('suggested-questions');
    expect(group()).not.toHaveClass('suggested-questions--three');
  });
});
