import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { AdminActions } from './admin-actions.tsx';

const IMPORT = 'POST /api/admin/members/import';
const CSV = 'Name,WOM ID,Siege Score\r\nZezima,1,25\r\n';

afterEach(() => {
  vi.unstubAllGlobals();
});

const change = {
  wom_id: '1',
  name: 'Zezima',
  fields: { siege_score: [10, 25], first_xp: [5_000_000, 1_000_000] },
};

async function openAndChoose(text = CSV) {
  const notify = vi.fn();
  renderWithQueries(<AdminActions notify={notify} />);
  await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = screen.getByRole('dialog', { name: 'Import Members from CSV' });
  await userEvent.upload(
    within(dialog).getByLabelText('CSV file'),
    new File([text], 'members.csv', { type: 'text/csv' }),
  );
  return { dialog, notify };
}

describe('importing a members CSV', () => {
  it('previews the changes per member and field, then applies them all and says so', async () => {
    const sent: unknown[] = [];
    stubApi({
      [IMPORT]: ({ body }) => {
        sent.push(body);
        return Response.json({ changes: [change], errors: [] });
      },
    });
    const { dialog, notify } = await openAndChoose();
    const table = await within(dialog).findByRole('table', { name: 'Changes the import would make' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MemberFieldNowAfter import', 'ZezimaSiege Score1025', 'ZezimaInitial XP5,000,0001,000,000']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Imported changes for 1 members.' }),
    );
    expect(sent).toEqual([
      { csv: CSV, dry_run: true },
      { csv: CSV, dry_run: false },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists every problem by line and keeps Apply disabled', async () => {
    stubApi({
      [IMPORT]: () =>
        Response.json({ changes: [change], errors: [{ line: 3, message: "No member is named 'Nobody'" }] }),
    });
    const { dialog } = await openAndChoose();
    expect(await within(dialog).findByText("Line 3: No member is named 'Nobody'")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it("shows the server's message when the file is refused", async () => {
    stubApi({ [IMPORT]: () => apiError(400, 'VALIDATION_ERROR', 'The CSV has more than 5,000 rows') });
    const { dialog } = await openAndChoose();
    expect(await within(dialog).findByText('The CSV has more than 5,000 rows')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
