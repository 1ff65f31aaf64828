import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

afterEach(() => vi.unstubAllGlobals());

async function change(current: string, next: string, confirmation: string) {
  const user = userEvent.setup();
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('change password form', () => {
  it('changes the password, says so and clears the fields', async () => {
    const fetch = stubApi({ 'POST /api/auth/password': () => new Response(null, { status: 204 }) });
    renderWithQueries(<ChangePasswordForm />);
    await change('hunter22', 'hunter33', 'hunter33');

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    for (const label of ['Current Password', 'New Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({
          current_password: 'hunter22',
          new_password: 'hunter33',
          confirm_password: 'hunter33',
        }),
      }),
    );
  });

  it.each([
    ['hunter22', 'abc', 'abc', 'Password must be at least 6 characters'],
    ['hunter22', 'hunter33', 'hunter44', "Passwords don't match"],
    ['', 'hunter33', 'hunter33', 'Current password is required'],
  ])('checks %s -> %s / %s before asking the server: %s', async (current, next, confirmation, message) => {
    const fetch = stubApi({});
    renderWithQueries(<ChangePasswordForm />);
    await change(current, next, confirmation);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a wrong current password and keeps what was typed", async () => {
    stubApi({
      'POST /api/auth/password': () =>
        apiError(400, 'WRONG_PASSWORD', 'Your current password is not correct'),
    });
    renderWithQueries(<ChangePasswordForm />);
    await change('wrong-one', 'hunter33', 'hunter33');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your current password is not correct$/);
    expect(screen.getByLabelText('New Password')).toHaveValue('hunter33');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    [
      'the server fails',
      () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
      'Password change failed: Something went wrong on our side',
    ],
    [
      'the server cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Connection failed',
    ],
  ])('says what went wrong when %s', async (_, respond, shown) => {
    stubApi({ 'POST /api/auth/password': respond });
    renderWithQueries(<ChangePasswordForm />);
    await change('hunter22', 'hunter33', 'hunter33');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown}$`));
  });
});
