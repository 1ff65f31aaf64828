import { fireEvent, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { GameIcon } from './game-icon.tsx';
import { HeldIconsContext } from './held-icons.ts';

const imageOf = (container: HTMLElement) => container.querySelector('img');
const badgeOf = (container: HTMLElement) => container.querySelector('[data-icon-fallback]');

describe('GameIcon', () => {
  it("loads the metric's icon from the site itself, at the size asked for", () => {
    const { container } = render(<GameIcon kind="boss" metric="vorkath" size={32} />);
    const image = imageOf(container)!;
    expect(image).toHaveAttribute('src', '/icons/vorkath.png');
    expect(image).toHaveAttribute('width', '32');
    expect(badgeOf(container)).toBeNull();
  });

  it("shows the metric's initials in a badge of the icon's size when the icon cannot be had", () => {
    const { container } = render(<GameIcon kind="raid" metric="cox" size={28} />);
    fireEvent.error(imageOf(container)!);
    expect(imageOf(container)).toBeNull();
    const badge = badgeOf(container) as HTMLElement;
    expect(badge).toHaveTextContent(/^CX$/);
    expect(badge).toHaveAttribute('aria-hidden', 'true');
    expect(badge.style.width).toBe('28px');
    expect(badge.style.height).toBe('28px');
  });

  it('shows the default game icon for an activity whose icon cannot be had', () => {
    const { container } = render(<GameIcon kind="activity" metric="guardians_of_the_rift" />);
    fireEvent.error(imageOf(container)!);
    expect(imageOf(container)).toHaveAttribute('src', '/icons/game-default.svg');
    expect(badgeOf(container)).toBeNull();
  });

  it('shows initials when even the default game icon cannot be had', () => {
    const { container } = render(<GameIcon kind="activity" metric="Barbarian Assault" />);
    expect(imageOf(container)).toHaveAttribute('src', '/icons/game-default.svg');
    fireEvent.error(imageOf(container)!);
    expect(badgeOf(container)).toHaveTextContent(/^BA$/);
  });

  it('shows nothing for an unknown skill, raid or boss', () => {
    for (const kind of ['skill', 'raid', 'boss'] as const) {
      const { container } = render(<GameIcon kind={kind} metric="Bob the Cat" />);
      expect(container).toBeEmptyDOMElement();
    }
  });

  describe("with the site's list of the icons it holds", () => {
    const withHeld = (files: string[] | null, ui: ReactElement) => {
      const want = vi.fn();
      const view = render(
        <HeldIconsContext.Provider value={{ files: files && new Set(files), want }}>
          {ui}
        </HeldIconsContext.Provider>,
      );
      return { ...view, want };
    };

    it("asks for the list, and holds a quiet box of the icon's size until it comes", () => {
      const { container, want } = withHeld(null, <GameIcon kind="boss" metric="vorkath" size={32} />);
      expect(want).toHaveBeenCalled();
      expect(imageOf(container)).toBeNull();
      expect(badgeOf(container)).toBeNull();
      expect((container.firstChild as HTMLElement).style.width).toBe('32px');
    });

    it('loads an icon the site holds', () => {
      const { container } = withHeld(['vorkath.png'], <GameIcon kind="boss" metric="vorkath" />);
      expect(imageOf(container)).toHaveAttribute('src', '/icons/vorkath.png');
    });

    it('never asks for an icon the site does not hold: the initials show at once', () => {
      const { container } = withHeld(['vorkath.png'], <GameIcon kind="raid" metric="cox" />);
      expect(imageOf(container)).toBeNull();
      expect(badgeOf(container)).toHaveTextContent(/^CX$/);
    });

    it("shows the web app's default game icon for an activity the site holds no icon of", () => {
      const { container } = withHeld([], <GameIcon kind="activity" metric="guardians_of_the_rift" />);
      expect(imageOf(container)).toHaveAttribute('src', '/icons/game-default.svg');
    });
  });
});
