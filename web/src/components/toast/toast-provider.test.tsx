import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastApi } from './toast-provider.js';

let api: ToastApi;
function Grab() {
  api = useToast();
  return null;
}

function renderProvider() {
  return render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
}

const region = () => screen.getByRole('status', { name: 'Notifications' });

describe('ToastProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the polite live region before any toast, then shows the text in it', () => {
    renderProvider();
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();
    act(() => api.show('Your text was truncated to 2048 characters.'));
    expect(within(region()).getByText('Your text was truncated to 2048 characters.')).toBeInTheDocument();
  });

  it('hides a toast after about 3.7 s', () => {
    renderProvider();
    act(() => api.show('Hello'));
    act(() => vi.advanceTimersByTime(3600));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('suppresses the same text within 800 ms and shows it again after', () => {
    renderProvider();
    act(() => api.show('Same'));
    act(() => vi.advanceTimersByTime(799));
    act(() => api.show('Same'));
    expect(screen.getAllByText('Same')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    act(() => api.show('Same'));
    expect(screen.getAllByText('Same')).toHaveLength(2);
  });

  it('stacks different texts at once', () => {
    renderProvider();
    act(() => {
      api.show('First');
      api.show('Second');
    });
    expect(within(region()).getByText('First')).toBeInTheDocument();
    expect(within(region()).getByText('Second')).toBeInTheDocument();
  });
});

describe('ToastProvider with real timers', () => {
  it('can be dismissed before it times out', async () => {
    const user = userEvent.setup();
    renderProvider();
    act(() => api.show('Dismiss me'));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Dismiss me')).not.toBeInTheDocument();
  });
});

describe('useToast', () => {
  it('throws a helpful error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToast())).toThrow(/useToast must be used inside <ToastProvider>/);
    vi.mocked(console.error).mockRestore();
  });
});
