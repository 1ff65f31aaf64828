import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from 'radix-ui';
import { describe, expect, it } from 'vitest';
import { TabStrip } from './tab-strip.tsx';

const tabs = ['Characters', 'Goals', 'Races', 'Requests', 'Account'].map((label) => ({
  value: label.toLowerCase(),
  label,
}));

function renderStrip() {
  render(
    <Tabs.Root defaultValue="characters">
      <TabStrip label="Profile sections" tabs={tabs} />
    </Tabs.Root>,
  );
  return screen.getByRole('tablist', { name: 'Profile sections' });
}

describe('tab strip', () => {
  it('wraps its tabs on a narrow screen instead of hiding them in a scrolling row', () => {
    const list = renderStrip();
    expect(list).toHaveClass('flex-wrap');
    // A scroll container would also clip the focus outline of the tab at its edge.
    expect(list.className).not.toMatch(/overflow-(x-)?(auto|scroll|hidden)/);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(tabs.map((tab) => tab.label));
  });

  it('draws the focus ring inside the tab, where no edge can clip it', async () => {
    renderStrip();
    await userEvent.tab();
    const focused = screen.getByRole('tab', { name: 'Characters' });
    expect(focused).toHaveFocus();
    expect(focused).toHaveClass('focus-visible:ring-inset', 'focus-visible:ring-2');
  });
});
