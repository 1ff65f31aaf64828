import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemberAnchor, memberPath } from './member-link.tsx';

describe('MemberAnchor', () => {
  it("opens the member's page in the app on a plain click, without the click reaching the row", () => {
    const navigate = vi.fn();
    const rowClick = vi.fn();
    render(
      <div onClick={rowClick}>
        <MemberAnchor womId="42" navigate={navigate}>
          Zezima
        </MemberAnchor>
      </div>,
    );
    const link = screen.getByRole('link', { name: 'Zezima' });
    expect(link).toHaveAttribute('href', '/members/42');
    expect(fireEvent.click(link)).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/members/42');
    expect(rowClick).not.toHaveBeenCalled();
  });

  it('leaves a click with a modifier key (a new tab or window) to the browser', () => {
    const navigate = vi.fn();
    render(
      <MemberAnchor womId="42" navigate={navigate}>
        Zezima
      </MemberAnchor>,
    );
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      // Not prevented: the browser opens the address itself.
      expect(fireEvent.click(screen.getByRole('link', { name: 'Zezima' }), { [modifier]: true })).toBe(true);
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps an id that is not a plain number inside the one path segment', () => {
    expect(memberPath('a/b?c')).toBe('/members/a%2Fb%3Fc');
  });
});
