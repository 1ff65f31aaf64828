import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box.tsx';

function Search({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <SearchBox label="Search members" value={value} onChange={setValue} />;
}

describe('SearchBox', () => {
  it("offers one clear button: its own, not also the browser's cross of a search input", async () => {
    render(<Search initial="zez" />);
    const input = screen.getByRole('searchbox', { name: 'Search members' });
    // Chromium and Safari draw a cross inside every `type="search"` input that has a value.
    expect(input).not.toHaveAttribute('type', 'search');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('clears with Escape, as a search input would', async () => {
    render(<Search />);
    const input = screen.getByRole('searchbox', { name: 'Search members' });
    await userEvent.type(input, 'zez');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });
});
