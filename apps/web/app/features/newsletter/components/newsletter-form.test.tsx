import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from './newsletter-form';

const SUCCESS = "Thanks for subscribing, we'll keep you updated with upcoming deals!";
const FAILED = 'Subscription failed. Please try again.';

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderForm() {
  render(<NewsletterForm />);
  return {
    email: screen.getByRole('textbox', { name: 'Email address' }),
    button: screen.getByRole('button', { name: 'Subscribe' }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NewsletterForm', () => {
  it("says 'Email is required' under the field when it is empty, without calling the API", async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { email, button } = renderForm();
    await user.click(button);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says 'Invalid email format' for an address that is not one, and clears it on typing", async () => {
    const user = userEvent.setup();
    const { email, button } = renderForm();
    await user.type(email, 'not-an-email');
    await user.click(button);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.type(email, 'x');
    expect(screen.queryByText('Invalid email format')).not.toBeInTheDocument();
  });

  it("shows 'Subscribing...' while it sends, then the thanks instead of the form", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    const { email, button } = renderForm();
    await user.type(email, ' Buyer@Example.co.uk ');
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/newsletter/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'buyer@example.co.uk' });

    answer(json({ success: true, message: 'Subscribed.' }, 201));
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
    // The focus moves in an effect after the thanks is drawn: wait for it rather than race it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('succeeds the same for an address already subscribed (200)', async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ success: true, message: 'Already subscribed.' }, 200),
    );
    const { email, button } = renderForm();
    await user.type(email, 'buyer@example.co.uk');
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS);
  });

  it("says 'Subscription failed. Please try again.' when the server fails, and keeps the form", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 500 }));
    const { email, button } = renderForm();
    await user.type(email, 'buyer@example.co.uk');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Error 500');
    expect(email).toHaveValue('buyer@example.co.uk');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it("adds the server's message to the failure, e.g. when rate-limited", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ detail: 'Request was throttled. Expected available in 60 seconds.' }, 429),
    );
    const { email, button } = renderForm();
    await user.type(email, 'buyer@example.co.uk');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${FAILED} Request was throttled. Expected available in 60 seconds.`,
    );
  });

  it("shows the server's field error under the field", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ email: ['This address cannot receive mail.'] }, 400),
    );
    const { email, button } = renderForm();
    await user.type(email, 'buyer@example.co.uk');
    await user.click(button);
    expect(await screen.findByText('This address cannot receive mail.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('This address cannot receive mail.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says why when no answer comes', async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { email, button } = renderForm();
    await user.type(email, 'buyer@example.co.uk');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${FAILED} Network error. Please check your internet connection.`,
    );
  });
});
