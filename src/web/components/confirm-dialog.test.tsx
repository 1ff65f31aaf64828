import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, useConfirm } from './confirm-dialog.tsx';

const QUESTION = {
  title: 'Delete Zezima?',
  description: 'Their points and history stay, and they can be restored.',
  label: 'Delete',
};

/** A page whose button asks before it acts, as the dashboard's do; answers land in `answers`. */
function Asker({ answers }: { answers: boolean[] }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button type="button" onClick={() => void confirm(QUESTION).then((yes) => answers.push(yes))}>
        Remove member
      </button>
      {dialog}
    </>
  );
}

async function ask() {
  const answers: boolean[] = [];
  const user = userEvent.setup();
  render(<Asker answers={answers} />);
  await user.click(screen.getByRole('button', { name: 'Remove member' }));
  return { answers, user, dialog: await screen.findByRole('alertdialog') };
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its title and described by what follows', async () => {
    const { dialog } = await ask();
    expect(dialog).toHaveAccessibleName('Delete Zezima?');
    expect(dialog).toHaveAccessibleDescription('Their points and history stay, and they can be restored.');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('starts on Cancel and keeps focus inside while it is open', async () => {
    const { dialog, user } = await ask();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('answers no to Escape and to Cancel, yes to the confirm button, and closes each time', async () => {
    const { answers, user } = await ask();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove member' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Remove member' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(answers).toEqual([false, false, true]);
    // Focus goes back to the button that asked.
    expect(screen.getByRole('button', { name: 'Remove member' })).toHaveFocus();
  });

  it('is not answered by a click outside it', async () => {
    const { answers, dialog } = await ask();
    // The overlay takes the click (the page under it has pointer-events: none while it is open).
    await userEvent.setup({ pointerEventsCheck: 0 }).click(document.body);
    expect(dialog).toBeInTheDocument();
    expect(answers).toEqual([]);
  });

  it('waits while the step runs, shows why it failed, and confirms with Enter only once the fields are right', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    function Typed({ pending, error }: { pending: boolean; error: string | null }) {
      const [typed, setTyped] = useState('');
      return (
        <ConfirmDialog
          open
          onClose={onClose}
          onConfirm={onConfirm}
          title="Reset every score?"
          description="Scores go to the season archive."
          label="Reset Scores"
          pendingLabel="Resetting..."
          pending={pending}
          error={error}
          confirmDisabled={typed !== 'RESET'}
        >
          <label>
            Phrase
            <input value={typed} onChange={(event) => setTyped(event.target.value)} />
          </label>
        </ConfirmDialog>
      );
    }
    const user = userEvent.setup();
    const { rerender } = render(<Typed pending={false} error={null} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Reset every score?' });
    const phrase = within(dialog).getByLabelText('Phrase');
    await user.type(phrase, 'RESE{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Reset Scores' })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(phrase, 'T{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(<Typed pending error={null} />);
    expect(within(dialog).getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    rerender(<Typed pending={false} error="The season changed meanwhile" />);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The season changed meanwhile');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
