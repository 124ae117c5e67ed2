import { QUOTE_MESSAGES } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptedQuote, expiredQuote, orderedQuote, requestedQuote, sentQuote } from '~test/fake-quotes';
import { json, type Route, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { saveFile } from '~/lib/save-file';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as quoteRoute from './account-quote';

vi.mock('~/lib/save-file', () => ({ saveFile: vi.fn() }));

const QUOTE = '/api/quotes/12/';

function CheckoutStub() {
  return <h1>Checkout {useLocation().search}</h1>;
}

function renderAt(entry: string | { pathname: string; state: unknown } = '/account/quotes/12') {
  const Stub = routeStub([
    {
      path: '/account/quotes/:id',
      Component: quoteRoute.default,
      loader: quoteRoute.clientLoader,
      HydrateFallback: quoteRoute.HydrateFallback,
    },
    { path: '/checkout', Component: CheckoutStub },
  ]);
  const { container } = render(<Stub initialEntries={[entry]} />);
  return { user: userEvent.setup({ applyAccept: false }), container };
}

const stubQuote = (quote: Parameters<typeof json>[0], routes: Record<string, Route> = {}) =>
  stubApi({ [`GET ${QUOTE}`]: quote, ...routes });

const AXE = { rules: { 'color-contrast': { enabled: false } } } as const;
const region = (name: string) => screen.getByRole('region', { name });
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(saveFile).mockReset();
});

describe('/account/quotes/:id, a request not yet priced', () => {
  it('confirms the request, names a file that was not attached, and shows the lines at list price', async () => {
    stubQuote(requestedQuote());
    const { container } = renderAt({
      pathname: '/account/quotes/12',
      state: { requested: { number: 'Q-000012', failed: [{ name: 'big.pdf', reason: 'Too big.' }] } },
    });
    // The loading state has the same heading: the page's own sections show it has loaded.
    await screen.findByRole('region', { name: 'Items' });
    expect(screen.getByRole('heading', { level: 1, name: 'Quote Q-000012' })).toBeInTheDocument();
    expect(
      screen.getByText('Thank you: your request Q-000012 is with us. We will e-mail you when it is priced.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByText('big.pdf: Too big.')).toBeInTheDocument();
    expect(within(region('What happens next')).getByText(/We are pricing your request/)).toBeInTheDocument();
    expect(cellsOf(screen.getByRole('table', { name: 'Items in quote Q-000012' }))).toEqual([
      ['SKU', 'Item', 'Packs', 'List price per pack'],
      ['PW-HAND-400-CL', 'Clear Hand Pallet Wrap 400mm x 250m', '40', '£29.94'],
      ['TAPE-48-BRN', 'Brown packing tape 48mm', '10', '£12.00'],
    ]);
    expect(within(region('Your note')).getByText('Monthly volume 40 pallets.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Totals' })).toBeNull();
    const documents = region('Documents');
    expect(within(documents).getByRole('button', { name: 'Download logo.pdf (244 KB)' })).toBeInTheDocument();
    expect(within(documents).queryByRole('button', { name: 'Download quote (PDF)' })).toBeNull();
    expect(within(documents).getByRole('form', { name: 'Add files' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and pay' })).toBeNull();
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  });

  it('adds files one by one, checked before sending, and names the one the server refuses', async () => {
    let attached = requestedQuote();
    const api = stubQuote(undefined, {
      [`GET ${QUOTE}`]: () => json(attached),
      [`POST ${QUOTE}attachments/?filename=drawing.png`]: () => {
        attached = requestedQuote({
          attachments: [
            ...attached.attachments,
            { id: 92, filename: 'drawing.png', content_type: 'image/png', size: 2048 },
          ],
        });
        return json(attached.attachments[1], 201);
      },
      [`POST ${QUOTE}attachments/?filename=odd.jpg`]: json({ detail: 'This file is not a JPEG image.' }, 415),
    });
    const { user } = renderAt();
    const form = await screen.findByRole('form', { name: 'Add files' });
    const input = within(form).getByLabelText('Files');
    await user.upload(input, [
      new File(['gif'], 'anim.gif', { type: 'image/gif' }),
      new File(['png'], 'drawing.png', { type: 'image/png' }),
      new File(['jpg'], 'odd.jpg', { type: 'image/jpeg' }),
    ]);
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`anim.gif: ${QUOTE_MESSAGES.attachmentType}`),
    );
    expect(within(form).getByRole('list', { name: 'Files to send' })).toHaveTextContent(
      /drawing\.png.*odd\.jpg/,
    );
    await user.click(within(form).getByRole('button', { name: 'Send files' }));

    expect(await within(form).findByText('1 file added.')).toBeInTheDocument();
    expect(within(form).getByText('odd.jpg: This file is not a JPEG image.')).toBeInTheDocument();
    expect(
      await within(region('Documents')).findByRole('button', { name: 'Download drawing.png (2 KB)' }),
    ).toBeInTheDocument();
    const upload = api.spy.mock.calls.find(([url]) => String(url).endsWith('filename=drawing.png'))!;
    expect(upload[1]).toMatchObject({ method: 'POST' });
    expect((upload[1]!.body as File).name).toBe('drawing.png');
    expect(upload[1]!.headers).toMatchObject({ 'Content-Type': 'image/png', Authorization: 'Bearer token' });
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `${QUOTE}attachments/?filename=drawing.png`,
      `${QUOTE}attachments/?filename=odd.jpg`,
    ]);
  });
});

describe('/account/quotes/:id, a quote sent and revised', () => {
  it('shows the quoted prices with what changed, the totals, our message and the versions', async () => {
    stubQuote(sentQuote());
    const { container } = renderAt();
    await screen.findByRole('region', { name: 'Items' });
    const facts = document.querySelector('dl.order-facts')!;
    expect(facts).toHaveTextContent('Version2');
    expect(facts).toHaveTextContent('Valid until31 December 2099');
    expect(facts).toHaveTextContent('StatusSent');
    expect(cellsOf(screen.getByRole('table', { name: 'Items in quote Q-000012' }))).toEqual([
      ['SKU', 'Item', 'Packs', 'List price per pack', 'Quoted price per pack', 'Line total'],
      [
        'PW-HAND-400-CL',
        'Clear Hand Pallet Wrap 400mm x 250m',
        '40',
        '£29.94',
        '£26.00was £27.50',
        '£1,040.00',
      ],
      ['TAPE-48-BRN', 'Brown packing tape 48mm', '10', '£12.00', '£11.00', '£110.00'],
    ]);
    expect(cellsOf(screen.getByRole('table', { name: 'Totals of quote Q-000012' }))).toEqual([
      ['Items', '£1,150.00'],
      ['Delivery', '£45.00'],
      ['Net', '£1,195.00'],
      ['VAT (20%)', '£239.00'],
      ['Total', '£1,434.00'],
    ]);
    expect(
      within(region('Our message')).getByText('Version 2: a better price on the wrap.'),
    ).toBeInTheDocument();
    expect(cellsOf(screen.getByRole('table', { name: 'Versions of quote Q-000012' }))).toEqual([
      ['Version', 'Sent', 'Valid until', 'Delivery', 'Total'],
      ['2 (latest)', '22 Nov 2026', '31 Dec 2099', '£45.00', '£1,434.00'],
      ['1', '21 Nov 2026', '5 Dec 2026', '£45.00', '£1,506.00'],
    ]);
    expect(screen.queryByRole('form', { name: 'Add files' })).toBeNull();
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  });

  it('no longer says it will e-mail once priced, though the request’s confirmation is still in the history entry', async () => {
    stubQuote(sentQuote());
    renderAt({
      pathname: '/account/quotes/12',
      state: { requested: { number: 'Q-000012', failed: [] } },
    });
    await screen.findByRole('region', { name: 'Items' });
    expect(screen.queryByText(/We will e-mail you when it is priced/)).toBeNull();
  });

  it('accepts the version shown and goes to the checkout of the quote’s own cart', async () => {
    const api = stubQuote(sentQuote(), {
      [`POST ${QUOTE}accept/`]: {
        quote: acceptedQuote(),
        cart_id: 77,
        checkout_url: '/checkout?cart=77',
      },
    });
    const { user } = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    expect(await screen.findByRole('heading', { name: 'Checkout ?cart=77' })).toBeInTheDocument();
    expect(api.called('POST', `${QUOTE}accept/`).map((call) => call.body)).toEqual([{ version: 2 }]);
  });

  it('says why the server refused to accept it, and shows the quote as it is now', async () => {
    let quote = sentQuote();
    const api = stubQuote(undefined, {
      [`GET ${QUOTE}`]: () => json(quote),
      [`POST ${QUOTE}accept/`]: () => {
        quote = sentQuote({ version: 3, can_accept: true });
        return json({ detail: QUOTE_MESSAGES.superseded(3) }, 400);
      },
    });
    const { user } = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Accept and pay' }));
    const next = within(region('Your order'));
    expect(await next.findByRole('alert')).toHaveTextContent(QUOTE_MESSAGES.superseded(3));
    await waitFor(() => expect(api.called('GET', QUOTE)).toHaveLength(2));
    expect(await screen.findByText(/Accepting version 3/)).toBeInTheDocument();
    expect(next.getByRole('alert')).toHaveTextContent(QUOTE_MESSAGES.superseded(3));
  });

  it('downloads the quote PDF and a file through the signed-in client', async () => {
    const api = stubQuote(sentQuote(), {
      [`GET ${QUOTE}quote.pdf`]: () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
      [`GET ${QUOTE}attachments/91/`]: () => new Response('%PDF-1.4'),
    });
    const { user } = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Download quote (PDF)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'quote-Q-000012-v2.pdf'));
    await user.click(screen.getByRole('button', { name: 'Download logo.pdf (244 KB)' }));
    await waitFor(() => expect(saveFile).toHaveBeenLastCalledWith(expect.anything(), 'logo.pdf'));
    const pdf = api.spy.mock.calls.find(([url]) => url === `${QUOTE}quote.pdf`)!;
    expect(pdf[1]!.headers).toMatchObject({ Authorization: 'Bearer token', Accept: 'application/pdf' });
  });
});

describe('/account/quotes/:id, a quote that can no longer be accepted', () => {
  it('says an expired quote has expired, and why it cannot be ordered', async () => {
    stubQuote(expiredQuote());
    renderAt();
    const next = await screen.findByRole('region', { name: 'Your order' });
    expect(
      within(next).getByText('This quote expired on 5 December 2020. Ask us for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and pay' })).toBeNull();
    expect(screen.getByText('Expired')).toBeInTheDocument();
  });

  it('offers an accepted quote’s own cart to pay', async () => {
    stubQuote(acceptedQuote());
    renderAt();
    expect(await screen.findByRole('link', { name: 'Pay for this quote' })).toHaveAttribute(
      'href',
      '/checkout?cart=77',
    );
    expect(screen.getByText(/You accepted version 2/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and pay' })).toBeNull();
  });

  it('links an ordered quote to its order', async () => {
    stubQuote(orderedQuote());
    renderAt();
    expect(await screen.findByRole('link', { name: 'See order #501' })).toHaveAttribute(
      'href',
      '/track-order/501',
    );
    expect(screen.queryByRole('link', { name: 'Pay for this quote' })).toBeNull();
  });

  it('says a withdrawn quote is withdrawn', async () => {
    stubQuote(sentQuote({ status: 'withdrawn', can_accept: false, refusal: QUOTE_MESSAGES.withdrawn }));
    renderAt();
    expect(await screen.findByText(QUOTE_MESSAGES.withdrawn)).toBeInTheDocument();
    expect(screen.getByText('Withdrawn')).toBeInTheDocument();
  });

  it('says there is no such quote for another customer’s (404) or a number that is not one', async () => {
    const api = stubApi({});
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your quotes' })).toHaveAttribute(
      'href',
      '/account/quotes',
    );
    expect(api.calls).toHaveLength(1);
  });
});
