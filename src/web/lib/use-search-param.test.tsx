import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useSearchParam } from './use-search-param.ts';

function SearchInput() {
  const [value, setValue] = useSearchParam('q');
  return <input aria-label="Search" value={value} onChange={(event) => setValue(event.target.value)} />;
}

function renderAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <SearchInput />
    </Router>,
  );
  return {
    input: screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' }),
    history: memory.history,
  };
}

describe('useSearchParam', () => {
  it('keeps the caret where the user types inside a value kept in the URL', async () => {
    const user = userEvent.setup();
    const { input, history } = renderAt('/members?q=abc');
    await user.click(input);
    input.setSelectionRange(1, 1);
    await user.keyboard('XY');
    expect(input).toHaveValue('aXYbc');
    expect(input.selectionStart).toBe(3);
    expect(history).toEqual(['/members?q=aXYbc']);
  });

  it('gives back exactly what was typed, percent signs included', async () => {
    const user = userEvent.setup();
    const { input, history } = renderAt('/members');
    await user.type(input, 'a%20b');
    expect(input).toHaveValue('a%20b');
    expect(history.at(-1)).toBe('/members?q=a%2520b');
  });

  it('removes the parameter from the URL when the value is emptied', async () => {
    const user = userEvent.setup();
    const { input, history } = renderAt('/members?q=a&page=2');
    await user.clear(input);
    expect(history).toEqual(['/members?page=2']);
  });
});

function TabButtons() {
  const [tab, setTab] = useSearchParam('tab', 'push');
  return (
    <>
      <p>Showing {tab || 'none'}</p>
      <button type="button" onClick={() => setTab('audit')}>
        Audit
      </button>
      <button
        type="button"
        onClick={() => {
          // As Radix does: the tab is reported on mousedown and again on the focus that follows.
          setTab('sync');
          setTab('sync');
        }}
      >
        Sync
      </button>
    </>
  );
}

describe("useSearchParam with 'push'", () => {
  it('adds a history entry for each change, so Back returns to the previous value', async () => {
    const user = userEvent.setup();
    const memory = memoryLocation({ path: '/admin?tab=alerts', record: true });
    render(
      <Router hook={memory.hook}>
        <TabButtons />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'Audit' }));
    expect(screen.getByText('Showing audit')).toBeInTheDocument();
    // The same value again (Radix reports a tab on focus and on click) adds no second entry.
    await user.click(screen.getByRole('button', { name: 'Audit' }));
    expect(memory.history).toEqual(['/admin?tab=alerts', '/admin?tab=audit']);
  });

  it('adds one entry for the same change made twice in one event', async () => {
    const user = userEvent.setup();
    const memory = memoryLocation({ path: '/admin?tab=alerts', record: true });
    render(
      <Router hook={memory.hook}>
        <TabButtons />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    expect(memory.history).toEqual(['/admin?tab=alerts', '/admin?tab=sync']);
  });
});
