import type { ContactMessage, NewsletterSubscriber } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '~test/stub-api';
import { type RouteModule, routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as messageScreen from './message';
import * as messagesScreen from './messages';
import * as newsletterScreen from './newsletter';

function renderAt(path: string, url: string, module: RouteModule) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  const Stub = routeStub([
    {
      path,
      Component: module.default,
      loader: module.clientLoader,
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

const noViolations = async (container: HTMLElement) => {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations).toEqual([]);
};

const message: ContactMessage = {
  id: 8,
  email: 'asker@example.com',
  full_name: 'Pat Asker',
  subject: 'Pallet wrap quote',
  created_at: '2025-03-01T10:00:00.000Z',
  handled_at: null,
  replied_at: null,
  message: '40 rolls\nplease',
  handled_by: null,
};

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/messages', () => {
  it('lists the waiting queries with links to each, and passes axe', async () => {
    const api = stubApi({ 'GET /api/administration/messages/': page([message]) });
    const { container } = renderAt('/admin/messages', '/admin/messages', messagesScreen);
    expect(await screen.findByRole('link', { name: 'Pallet wrap quote' })).toHaveAttribute(
      'href',
      '/admin/messages/8',
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual(['/api/administration/messages/']);
    await noViolations(container);
  }, 20_000);
});

describe('/admin/messages/:id', () => {
  it('replies by e-mail with the subject and body, and marks the query handled', async () => {
    const api = stubApi({
      'GET /api/administration/messages/8/': message,
      'POST /api/administration/messages/8/reply/': { ...message, replied_at: '2025-03-01T11:00:00Z' },
      'POST /api/administration/messages/8/handled/': { ...message, handled_at: '2025-03-01T11:00:00Z' },
    });
    const { container } = renderAt('/admin/messages/:id', '/admin/messages/8', messageScreen);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pallet wrap quote' })).toBeInTheDocument();
    await noViolations(container);
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Reply by e-mail' });
    expect(within(form).getByLabelText('Subject')).toHaveValue('Re: Pallet wrap quote');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Message is required.')).toHaveAttribute('id', 'reply-body-error');
    await user.type(within(form).getByLabelText('Message'), 'They are £120.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Your reply to asker@example.com is on its way.',
    );
    expect(api.called('POST', '/api/administration/messages/8/reply/').map((call) => call.body)).toEqual([
      { subject: 'Re: Pallet wrap quote', body: 'They are £120.' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Mark as handled' }));
    expect(await screen.findByText('Marked as handled.')).toBeInTheDocument();
    expect(api.called('POST', '/api/administration/messages/8/handled/').map((call) => call.body)).toEqual([
      { handled: true },
    ]);
  }, 20_000);
});

describe('/admin/newsletter', () => {
  const subscriber: NewsletterSubscriber = {
    id: 4,
    email: 'reader@example.com',
    subscribed_at: '2025-01-02T03:04:05.000Z',
    unsubscribed_at: null,
  };

  it('unsubscribes an address, and passes axe', async () => {
    const api = stubApi({
      'GET /api/administration/newsletter/': page([subscriber]),
      'POST /api/administration/newsletter/4/unsubscribe/': {
        ...subscriber,
        unsubscribed_at: '2025-03-01T00:00:00Z',
      },
    });
    const { container } = renderAt('/admin/newsletter', '/admin/newsletter', newsletterScreen);
    const button = await screen.findByRole('button', { name: 'Unsubscribe reader@example.com' });
    await noViolations(container);
    await userEvent.setup().click(button);
    expect(await screen.findByText('reader@example.com is unsubscribed.')).toHaveAttribute('role', 'status');
    expect(api.called('POST', '/api/administration/newsletter/4/unsubscribe/')).toHaveLength(1);
  }, 20_000);

  it('downloads the CSV with the bearer token and saves it through a Blob URL', async () => {
    const csv = 'email,subscribed_at\r\nreader@example.com,2025-01-02T03:04:05.000Z\r\n';
    const api = stubApi({
      'GET /api/administration/newsletter/': page([subscriber]),
      'GET /api/administration/newsletter.csv': new Response(csv, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="newsletter-subscribers-2025-03-01.csv"',
        },
      }),
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:subscribers';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderAt('/admin/newsletter', '/admin/newsletter', newsletterScreen);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export subscribers (CSV)' }));
    expect(
      await screen.findByText('The CSV file of subscribed addresses is downloading.'),
    ).toBeInTheDocument();
    const call = api.spy.mock.calls.find(([url]) => url === '/api/administration/newsletter.csv');
    expect(call?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token' });
    expect(clicked).toEqual([
      { href: 'blob:subscribers', download: 'newsletter-subscribers-2025-03-01.csv' },
    ]);
    expect(await blobs[0]!.text()).toBe(csv);
  }, 20_000);
});
