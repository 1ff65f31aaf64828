import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Answers the app's confirm dialog, found by its title: with the button named `answer` (the step's
 * own label to go ahead, 'Cancel' not to), and waits until it has closed.
 */
export async function answerConfirm(title: string | RegExp, answer: string): Promise<void> {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}
