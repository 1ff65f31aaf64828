import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESET_CONFIRMATION } from '#core/seasons/season.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { AdminActions } from './admin-actions.tsx';

const EXPORT = 'GET /api/admin/members/export.csv';
const RESET = 'POST /api/admin/siege-scores/reset';

/** What happened, in order: requests to the server and files handed to the browser. */
let events: string[];

beforeEach(() => {
  events = [];
  URL.createObjectURL = vi.fn(() => 'blob:members');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    events.push(`download ${this.download} from ${this.href}`);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const csv = (count: number) => {
  events.push('export');
  return new Response('Name,WOM ID\nZezima,1\n', {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="siege-members-2026-11-25.csv"',
      'x-member-count': String(count),
    },
  });
};

const season = (id: number, isOpen: boolean) => ({
  id,
  name: `Season ${id}`,
  is_open: isOpen,
  started_at: '2026-01-01T00:00:00.000Z',
  ended_at: isOpen ? null : '2026-11-25T00:00:00.000Z',
});

function renderActions() {
  const notify = vi.fn();
  renderWithQueries(<AdminActions notify={notify} />);
  return { notify };
}

describe('administration actions', () => {
  it('offers the export and the reset, noting they are yearly', () => {
    renderActions();
    const footer = screen.getByRole('region', { name: 'Administration Actions' });
    expect(within(footer).getByRole('button', { name: 'Export Members to CSV' })).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Reset All Siege Scores' })).toBeInTheDocument();
    expect(footer).toHaveTextContent(
      'These actions are typically performed once per year during clan resets.',
    );
  });

  it("downloads the server's CSV under its file name and says how many members it holds", async () => {
    stubApi({ [EXPORT]: () => csv(3) });
    const { notify } = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Export Members to CSV' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Exported 3 members to CSV.' }),
    );
    expect(events).toEqual(['export', 'download siege-members-2026-11-25.csv from blob:members']);
    const [blob] = vi.mocked(URL.createObjectURL).mock.calls[0] as [Blob];
    expect(await blob.text()).toBe('Name,WOM ID\nZezima,1\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("says 'Failed to export to CSV: {message}' when the export fails", async () => {
    stubApi({ [EXPORT]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable') });
    const { notify } = renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Export Members to CSV' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to export to CSV: Database unavailable',
      }),
    );
    expect(events).toEqual([]);
  });

  describe('reset all siege scores', () => {
    async function openReset() {
      await userEvent.click(screen.getByRole('button', { name: 'Reset All Siege Scores' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Reset All Siege Scores' });
      return {
        dialog,
        input: within(dialog).getByLabelText(`Type ${RESET_CONFIRMATION} to confirm`),
        confirm: within(dialog).getByRole('button', { name: 'Reset Scores' }),
      };
    }

    it('keeps Reset Scores disabled until RESET ALL SCORES is typed exactly', async () => {
      const fetch = stubApi({});
      renderActions();
      const { dialog, input, confirm } = await openReset();
      expect(dialog).toHaveTextContent('hidden members included');
      expect(confirm).toBeDisabled();
      for (const attempt of [
        'reset all scores',
        'RESET ALL SCORE',
        ' RESET ALL SCORES',
        'RESET ALL SCORES.',
      ]) {
        await userEvent.clear(input);
        await userEvent.type(input, attempt);
        expect(confirm).toBeDisabled();
        await userEvent.type(input, '{Enter}');
      }
      await userEvent.clear(input);
      await userEvent.type(input, 'RESET ALL SCORES');
      expect(confirm).toBeEnabled();
      expect(fetch).not.toHaveBeenCalled();
    });

    it('downloads the backup CSV first, then resets, and says so', async () => {
      const fetch = stubApi({
        [EXPORT]: () => csv(150),
        [RESET]: ({ body }) => {
          events.push(`reset ${JSON.stringify(body)}`);
          return Response.json({ closed: season(1, false), opened: season(2, true), members_reset: 150 });
        },
      });
      const { notify } = renderActions();
      const { input, confirm } = await openReset();
      await userEvent.type(input, RESET_CONFIRMATION);
      await userEvent.click(confirm);

      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({
          kind: 'success',
          text: 'Reset all siege scores to 0. A backup CSV was downloaded.',
        }),
      );
      expect(events).toEqual([
        'export',
        'download siege-members-2026-11-25.csv from blob:members',
        'reset {"confirmation":"RESET ALL SCORES"}',
      ]);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('resets nothing when the backup cannot be downloaded', async () => {
      const fetch = stubApi({
        [EXPORT]: () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
        [RESET]: () => Response.json({}),
      });
      const { notify } = renderActions();
      const { input, confirm } = await openReset();
      await userEvent.type(input, RESET_CONFIRMATION);
      await userEvent.click(confirm);

      await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to reset scores: the backup CSV could not be downloaded (Database unavailable), so no score was changed.',
      });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(events).toEqual([]);
    });

    it("says 'Failed to reset scores: {message}' when the reset fails", async () => {
      stubApi({
        [EXPORT]: () => csv(150),
        [RESET]: () => apiError(400, 'RESET_MISMATCH', "Confirmation text doesn't match. Scores not reset."),
      });
      const { notify } = renderActions();
      const { input, confirm } = await openReset();
      await userEvent.type(input, RESET_CONFIRMATION);
      await userEvent.click(confirm);
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({
          kind: 'error',
          text: "Failed to reset scores: Confirmation text doesn't match. Scores not reset.",
        }),
      );
    });

    it('forgets the typed phrase when cancelled', async () => {
      renderActions();
      const first = await openReset();
      await userEvent.type(first.input, RESET_CONFIRMATION);
      await userEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      const again = await openReset();
      expect(again.input).toHaveValue('');
      expect(again.confirm).toBeDisabled();
    });
  });
});
