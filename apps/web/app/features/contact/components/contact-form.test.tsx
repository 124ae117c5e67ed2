import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

const FAILED = 'Failed to submit query. Please try again.';

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Full name'), 'Sam Patel');
  await user.type(field('Email'), 'sam@example.co.uk');
  await user.type(field('Subject'), 'Pallet wrap quote');
  await user.type(field('Message'), '20 rolls a month, please.');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('gives each empty field its message under it and focuses the first', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Subject')).toHaveAccessibleDescription('Subject is required');
    expect(field('Message')).toHaveAccessibleDescription('Message is required');
    expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Full name')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says 'Invalid email format' for a bad address, and clears a field's error as it is typed in", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(field('Email'), 'sam-at-example');
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.type(field('Email'), '.com');
    expect(screen.queryByText('Invalid email format')).not.toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
  });

  it('sends the query and shows the thanks in place of the form', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ message: 'Thank you, we will reply within one business day.' }, 201));
    render(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    const thanks = await screen.findByRole('status');
    expect(thanks).toHaveTextContent('Thank you, we will reply within one business day.');
    expect(thanks).toHaveFocus();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/administration/contact/');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'sam@example.co.uk',
      full_name: 'Sam Patel',
      subject: 'Pallet wrap quote',
      message: '20 rolls a month, please.',
    });

    await user.click(screen.getByRole('button', { name: 'Send another query' }));
    expect(field('Full name')).toHaveValue('');
  });

  it("shows 'Sending...' while it sends", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    // Settled before the next test: its identical query would otherwise join this one (requests in flight merge).
    answer(json({ message: 'Thanks.' }, 201));
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks.');
  });

  it("maps the server's field errors to their fields", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ subject: ['Ensure this field has no more than 200 characters.'] }, 400),
    );
    render(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByText('Ensure this field has no more than 200 characters.')).toBeInTheDocument();
    expect(field('Subject')).toHaveAccessibleDescription(
      'Ensure this field has no more than 200 characters.',
    );
    expect(field('Subject')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
  });

  it(`says '${FAILED}' when the server fails, keeping what was typed`, async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 502 }));
    render(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(field('Message')).toHaveValue('20 rolls a month, please.');
  });

  it("adds the server's reason, e.g. when rate-limited", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ detail: 'Too many queries. Try again later.' }, 429),
    );
    render(<ContactForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send query' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${FAILED} Too many queries. Try again later.`,
    );
  });
});
