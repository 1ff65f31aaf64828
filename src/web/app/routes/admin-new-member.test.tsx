import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminMember } from '#test/admin-member.ts';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

// The pages' code loads on demand: load it once up front, so no test waits on a cold import.
beforeAll(() => Promise.all(['/admin/members/new', '/admin'].map(preloadPageOf)), 30_000);

const admin = testUser({ username: 'boss', is_admin: true });
/** Wise Old Man knows the WOM id typed below, asked once the field is left. */
const womKnows = {
  'GET /api/admin/wom-players/4321': () => Response.json({ wom_id: '4321', display_name: 'Newcomer' }),
};

async function fillIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Newcomer');
  await user.type(screen.getByLabelText('WOM ID'), '4321');
  await user.click(screen.getByRole('button', { name: 'Save Member' }));
}

describe('add member page', () => {
  it('adds the member and goes back to the dashboard', async () => {
    const bodies: unknown[] = [];
    stubApi({
      ...womKnows,
      'POST /api/admin/members': ({ body }) => {
        bodies.push(body);
        return Response.json(adminMember('Newcomer', { wom_id: '4321' }), { status: 201 });
      },
    });
    const { location } = renderApp('/admin/members/new', {
      user: admin,
      queries: [[['admin', 'members'], []]],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Member' })).toBeInTheDocument();
    await fillIn();
    await waitFor(() => expect(location.pathname).toBe('/admin'));
    expect(bodies).toEqual([expect.objectContaining({ name: 'Newcomer', wom_id: '4321', womrole: 'opal' })]);
    expect(await screen.findByRole('rowheader', { name: /^Newcomer/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Newcomer was successfully saved.');
  });

  it('stays on the page with the message when the save fails', async () => {
    stubApi({
      ...womKnows,
      'POST /api/admin/members': () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    const { location } = renderApp('/admin/members/new', { user: admin });
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save member: Database unavailable');
    expect(location.pathname).toBe('/admin/members/new');
  });

  it('goes back to the dashboard on Cancel', async () => {
    const { location } = renderApp('/admin/members/new', {
      user: admin,
      queries: [[['admin', 'members'], []]],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(location.pathname).toBe('/admin');
  });
});
