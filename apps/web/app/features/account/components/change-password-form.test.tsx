import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { ChangePasswordForm } from './change-password-form';
import { Toasts } from '~/components/ui/toasts';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function Where() {
  return (
    <>
      <Toasts />
      <p>At {useLocation().pathname}</p>
    </>
  );
}

function renderForm() {
  const Stub = routeStub([
    { path: '/change-password', Component: ChangePasswordForm },
    { path: '*', Component: Where },
  ]);
  render(<Stub initialEntries={['/change-password']} />);
}

async function fillIn(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ChangePasswordForm', () => {
  it('checks the fields before sending', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderForm();
    await fillIn('old-one', 'new-one', 'other');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('puts the server’s field error under its field', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ current_password: ['Current password is incorrect.'] }, 400),
    );
    renderForm();
    await fillIn('wrong-one', 'new-one');
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is incorrect.',
    );
  });

  it('shows the returned message, clears the fields and sends the bearer token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ message: 'Password updated successfully' }));
    renderForm();
    await fillIn('old-one', 'new-one');
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    const init = fetchSpy.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token');
    expect(await screen.findByText('At /', undefined, { timeout: 3_000 })).toBeInTheDocument();
  });

  it('ends the session on a 401 and goes to /login saying so', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    // The call and the refresh both refuse: the refresh fails, so the session has expired.
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401)),
      );
    renderForm();
    await fillIn('old-one', 'new-one');
    expect(await screen.findByText('At /login')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Session expired. Please log in again.');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([
      '/api/account/update-password/',
      '/api/account/token/refresh/',
    ]);
  });
});
