import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { LoginForm } from './login-form';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function Where() {
  const location = useLocation();
  return <p>At {location.pathname}</p>;
}

function renderAt(path: string) {
  const Stub = routeStub([
    { path: '/login', Component: LoginForm },
    { path: '*', Component: Where },
  ]);
  render(<Stub initialEntries={[path]} />);
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LoginForm', () => {
  it('links to the password reset and the signup', () => {
    renderAt('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('gives the spec’s messages and sends nothing while the form is wrong', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt('/login');
    await logIn('', '');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await logIn('ann', '12345');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email format');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('stores only the access token and goes back to `from`', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ token: { access: 'access-1', refresh: 'must-not-be-kept' } }));
    renderAt('/login?from=%2Fchange-password%3Fx%3D1');
    await logIn('Ann@Example.com', 'secret-1');
    expect(await screen.findByText('At /change-password')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('must-not-be-kept');
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/account/login/');
    expect(JSON.parse(init!.body as string)).toEqual({ email: 'ann@example.com', password: 'secret-1' });
    expect((init!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it.each(['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)'])(
    'goes home instead of to the foreign `from` %s',
    async (from) => {
      vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ token: { access: 'a' } }));
      renderAt(`/login?from=${encodeURIComponent(from)}`);
      await logIn('ann@example.com', 'secret-1');
      expect(await screen.findByText('At /')).toBeInTheDocument();
    },
  );

  it('shows the server’s refusal, and the spec’s text for an answer without a token', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ detail: 'Login failed. Please check your credentials.' }, 400))
      .mockResolvedValueOnce(json({ token: {} }));
    renderAt('/login');
    await logIn('ann@example.com', 'secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid token response from server')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});
