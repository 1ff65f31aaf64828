import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { FirstPasswordForm } from './first-password-form.tsx';

afterEach(() => vi.unstubAllGlobals());

async function setPassword(next: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), next);
  await user.type(screen.getByLabelText('Confirm Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set Password' }));
}

describe('first password form', () => {
  it('sets the password, says so, clears the fields and tells the page', async () => {
    const fetch = stubApi({ 'POST /api/auth/password/first': () => new Response(null, { status: 204 }) });
    const onSet = vi.fn();
    renderWithQueries(<FirstPasswordForm onSet={onSet} />);
    await setPassword('hunter33', 'hunter33');

    expect(await screen.findByRole('status')).toHaveTextContent(/^Your password has been set\.$/);
    for (const label of ['New Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(onSet).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/password/first',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ new_password: 'hunter33', confirm_password: 'hunter33' }),
      }),
    );
  });

  it.each([
    ['abc', 'abc', 'Password must be at least 6 characters'],
    ['hunter33', 'hunter44', "Passwords don't match"],
  ])('checks %s / %s before asking the server: %s', async (next, confirmation, message) => {
    const fetch = stubApi({});
    renderWithQueries(<FirstPasswordForm />);
    await setPassword(next, confirmation);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of an account that has a password already", async () => {
    const message = 'This account has a password already: change it with the current one.';
    stubApi({ 'POST /api/auth/password/first': () => apiError(409, 'CONFLICT', message) });
    const onSet = vi.fn();
    renderWithQueries(<FirstPasswordForm onSet={onSet} />);
    await setPassword('hunter33', 'hunter33');
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onSet).not.toHaveBeenCalled();
  });
});
