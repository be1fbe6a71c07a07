import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VerificationStatus } from '@chat/core';
import { VerificationBanner } from './verification-banner.js';

const banner = () => screen.queryByRole('region', { name: 'Business verification' });
const icon = (name: string) => banner()?.querySelector(`svg[data-icon="${name}"]`) ?? null;

describe('VerificationBanner', () => {
  it('renders nothing for an approved business', () => {
    const { container } = render(<VerificationBanner businessName="Bella Vista" status="approved" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the pending title, text and hourglass', () => {
    render(<VerificationBanner businessName="Sunrise Bakery" status="pending" />);
    expect(banner()).toHaveTextContent(
      "Not Yet VerifiedSunrise Bakery hasn't been verified on our platform yet",
    );
    expect(screen.getByText('Not Yet Verified')).toBeInTheDocument();
    expect(screen.getByText("Sunrise Bakery hasn't been verified on our platform yet")).toBeInTheDocument();
    expect(icon('hourglass')).toHaveAttribute('aria-hidden', 'true');
    expect(icon('warning')).toBeNull();
  });

  it('treats any other non-denied status as pending', () => {
    render(<VerificationBanner businessName="Odd Shop" status={'in-review' as VerificationStatus} />);
    expect(screen.getByText('Not Yet Verified')).toBeInTheDocument();
    expect(screen.getByText("Odd Shop hasn't been verified on our platform yet")).toBeInTheDocument();
    expect(icon('hourglass')).not.toBeNull();
  });

  it('shows the denied text and a warning icon', () => {
    render(<VerificationBanner businessName="QuickFix Garage" status="denied" />);
    expect(screen.getByText('QuickFix Garage verification was denied')).toBeInTheDocument();
    expect(screen.queryByText('Not Yet Verified')).not.toBeInTheDocument();
    expect(icon('warning')).toHaveAttribute('focusable', 'false');
    expect(icon('hourglass')).toBeNull();
  });

  it('hides when dismissed', async () => {
    const user = userEvent.setup();
    render(<VerificationBanner businessName="Sunrise Bakery" status="pending" />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(banner()).toBeNull();
    expect(
      screen.queryByText("Sunrise Bakery hasn't been verified on our platform yet"),
    ).not.toBeInTheDocument();
  });

  it('shows again when the status changes after a dismissal', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<VerificationBanner businessName="Shop" status="pending" />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    rerender(<VerificationBanner businessName="Shop" status="denied" />);
    expect(screen.getByText('Shop verification was denied')).toBeInTheDocument();
  });
});
