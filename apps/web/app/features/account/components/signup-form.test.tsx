import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { SignupForm } from './signup-form';
import { Toasts } from '~/components/ui/toasts';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function renderSignup() {
  const Stub = routeStub([
    {
      path: '/signup',
      Component: () => (
        <>
          <Toasts />
          <SignupForm />
        </>
      ),
    },
    { path: '*', Component: Where },
  ]);
  render(<Stub initialEntries={['/signup']} />);
}

const sent = {
  exists: false,
  success: true,
  authentication_type: 'signup',
  message: 'A 6-digit code has been sent to your email. It expires in 10 minutes.',
};
const verified = { ...sent, message: 'Email verified successfully.', verification_token: 'proof-1' };

const bodyOf = (call: unknown[] | undefined) => JSON.parse((call?.[1] as RequestInit).body as string);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SignupForm', () => {
  it('verifies the e-mail with the code, locks it, and signs up with only the API’s fields', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(sent))
      .mockResolvedValueOnce(json(verified))
      .mockResolvedValueOnce(json({ token: { access: 'access-1' } }, 201));
    const user = userEvent.setup();
    renderSignup();
    const signUp = screen.getByRole('button', { name: 'Sign Up' });
    expect(signUp).toBeDisabled();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText(sent.message)).toBeInTheDocument();
    expect(bodyOf(fetchSpy.mock.calls[0])).toEqual({
      email: 'new@example.com',
      authentication_type: 'signup',
    });

    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    // The code's notice is the field's hint (no notification covers the form on a phone), then the error.
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(
      `${sent.message} OTP is required`,
    );
    await user.type(screen.getByLabelText('Verification code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(
      `${sent.message} OTP must be a 6-digit number`,
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(bodyOf(fetchSpy.mock.calls[1])).toEqual({
      email: 'new@example.com',
      authentication_type: 'signup',
      code: '123456',
    });
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(signUp).toBeEnabled();

    await user.click(signUp);
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Company name')).toHaveAccessibleDescription('Company name is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');

    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.click(screen.getByLabelText('I don’t have a company name'));
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(signUp);
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-1');
    expect(bodyOf(fetchSpy.mock.calls[2])).toEqual({
      email: 'new@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      password: 'long enough',
      interested_in_marketing_communications: false,
      verification_token: 'proof-1',
    });
  });

  it('Edit unlocks the e-mail and forgets the verification', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json(sent)).mockResolvedValueOnce(json(verified));
    const user = userEvent.setup();
    renderSignup();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeInTheDocument();
  });

  it('says when the address already has an account, and when a code is wrong', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        json(
          {
            exists: true,
            success: false,
            authentication_type: 'signup',
            message: 'An account already exists with this email.',
            detail: 'An account already exists with this email.',
          },
          400,
        ),
      )
      .mockResolvedValueOnce(json(sent))
      .mockResolvedValueOnce(
        json({ success: false, message: 'Invalid OTP. Please try again.', exists: false }, 400),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderSignup();
    await user.type(screen.getByLabelText('Email'), 'old@example.com');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByText('An account already exists with this email.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Invalid OTP. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(
      await screen.findByText(/^OTP verification failed\. Please try again\. Network error/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });
});
