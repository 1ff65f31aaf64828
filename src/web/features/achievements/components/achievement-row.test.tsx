import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WomAchievementItem } from '#core/wom/wom-data.schema.ts';
import { AchievementRow } from './achievement-row.tsx';

const achievement = (createdAt: string | null): WomAchievementItem => ({
  name: '99 Hitpoints',
  metric: 'hitpoints',
  threshold: 13_034_431,
  createdAt,
  player: { id: 2, displayName: 'Lynx Titan' },
});

describe('AchievementRow', () => {
  it('shows the day an achievement was reached', () => {
    render(<AchievementRow achievement={achievement('2026-11-20T10:00:00.000Z')} />);
    expect(screen.getByText('20 Nov 2026').tagName).toBe('TIME');
  });

  it("links the player's name to their member page", () => {
    render(<AchievementRow achievement={achievement('2026-11-20T10:00:00.000Z')} />);
    expect(screen.getByRole('link', { name: 'Lynx Titan' })).toHaveAttribute('href', '/members/2');
  });

  it('says "date unknown" for one WOM has no date for, never 1 January 1970', () => {
    const { container } = render(<AchievementRow achievement={achievement(null)} />);
    expect(screen.getByText('date unknown')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/1970/);
    expect(container.querySelector('time')).toBeNull();
  });
});
