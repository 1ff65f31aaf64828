import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeBanner, SUCCESS_NOTICE_MS, type Notice } from './notice-banner.tsx';

afterEach(() => vi.useRealTimers());

function renderBanner(notice: Notice) {
  const onDismiss = vi.fn<() => void>();
  // A new callback on every render, as a list passes it: the timer must not start over.
  const view = render(<NoticeBanner notice={notice} onDismiss={() => onDismiss()} />);
  return { ...view, onDismiss };
}

describe('notice banner', () => {
  it('lets a success go by itself after 5 seconds, as a polite status', () => {
    vi.useFakeTimers();
    const { onDismiss, rerender } = renderBanner({ kind: 'success', text: 'Saved.' });
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
    act(() => {
      vi.advanceTimersByTime(SUCCESS_NOTICE_MS - 1);
    });
    rerender(<NoticeBanner notice={{ kind: 'success', text: 'Saved.' }} onDismiss={() => onDismiss()} />);
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(SUCCESS_NOTICE_MS).toBe(5000);
  });

  it('keeps an error, announced at once, until it is dismissed', () => {
    vi.useFakeTimers();
    const { onDismiss } = renderBanner({ kind: 'error', text: 'Failed.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed.');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('waits while the pointer is on a success, then goes 5 seconds after it leaves', () => {
    vi.useFakeTimers();
    const { onDismiss } = renderBanner({ kind: 'success', text: 'Saved.' });
    fireEvent.pointerEnter(screen.getByRole('status'));
    act(() => {
      vi.advanceTimersByTime(SUCCESS_NOTICE_MS * 3);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.pointerLeave(screen.getByRole('status'));
    act(() => {
      vi.advanceTimersByTime(SUCCESS_NOTICE_MS);
    });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('is opaque, so the page behind never shows through', () => {
    renderBanner({ kind: 'success', text: 'Saved.' });
    expect(screen.getByRole('status').className).not.toMatch(/bg-\S+\/\d+/);
    renderBanner({ kind: 'error', text: 'Failed.' });
    expect(screen.getByRole('alert').className).not.toMatch(/bg-\S+\/\d+/);
  });
});
