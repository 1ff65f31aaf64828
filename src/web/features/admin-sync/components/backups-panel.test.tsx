import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { BackupsPanel } from './backups-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const backup = {
  name: 'clan-2026-11-27T03-00-00Z.db',
  bytes: 3_145_728,
  taken_at: '2026-11-27T03:00:00.000Z',
};

describe('BackupsPanel', () => {
  it('lists each backup with its size and time, as a download', async () => {
    stubApi({ 'GET /api/admin/backups': () => Response.json({ backups: [backup], stale: false }) });
    renderWithQueries(<BackupsPanel />);
    const table = await screen.findByRole('table', { name: 'Backups' });
    const link = within(table).getByRole('link', { name: backup.name });
    expect(link).toHaveAttribute('href', '/api/admin/backups/clan-2026-11-27T03-00-00Z.db');
    expect(link).toHaveAttribute('download', backup.name);
    expect(table).toHaveTextContent('3 MB');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the newest backup is over two days old, or there is none', async () => {
    stubApi({ 'GET /api/admin/backups': () => Response.json({ backups: [backup], stale: true }) });
    const { unmount } = renderWithQueries(<BackupsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last good backup is more than two days old: check the server log for "backup failed".',
    );
    unmount();
    stubApi({ 'GET /api/admin/backups': () => Response.json({ backups: [], stale: true }) });
    renderWithQueries(<BackupsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No backup has been taken yet.');
    expect(screen.getByText('No backups yet')).toBeInTheDocument();
  });
});
