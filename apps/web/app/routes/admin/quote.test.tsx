import { QUOTE_LIMITS, QUOTE_MESSAGES, type QuoteView, ukClock } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptedQuote, orderedQuote, requestedQuote, sentQuote } from '~test/fake-quotes';
import { json, type Route, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { dayAfter } from '~/features/admin/quotes/components/quote-send-form';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as quoteScreen from './quote';

const QUOTE = '/api/administration/quotes/12/';
const SEND = `${QUOTE}send/`;
const AXE = { rules: { 'color-contrast': { enabled: false } } } as const;

/** The API with the quote as `quote()` answers it now. */
function stubQuote(quote: () => QuoteView, routes: Record<string, Route> = {}) {
  return stubApi({ [`GET ${QUOTE}`]: () => json(quote()), ...routes });
}

function renderScreen(id = '12') {
  const Stub = routeStub([
    {
      path: '/admin/quotes/:id',
      Component: quoteScreen.default,
      loader: quoteScreen.clientLoader,
      HydrateFallback: () => <p>Loading</p>,
    },
  ]);
  const { container } = render(<Stub initialEntries={[`/admin/quotes/${id}`]} />);
  return { user: userEvent.setup(), container };
}

const today = () => ukClock(new Date()).day;
const region = (name: string) => screen.getByRole('region', { name });
const priceOf = (sku: string) => screen.getByRole('textbox', { name: `Price per pack of ${sku} (£)` });
const sendForm = () => screen.getByRole('form', { name: /^(Prices|Version \d+)$/ });

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/admin/quotes/:id, a request', () => {
  it('shows who asked, the note, the files and the lines at list price, and a form to price them', async () => {
    stubQuote(() => requestedQuote());
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q-000012' })).toBeInTheDocument();
    const summary = region('Summary');
    expect(within(summary).getByRole('link', { name: 'Ann Smith' })).toHaveAttribute(
      'href',
      '/admin/customers/7',
    );
    expect(summary).toHaveTextContent('ann@acme.example');
    expect(summary).toHaveTextContent('Trade accountAcme Packaging');
    expect(summary).toHaveTextContent('Version sentNot priced yet');
    expect(summary).toHaveTextContent('StatusRequested');
    const request = region('Request');
    expect(within(request).getByText('Monthly volume 40 pallets.')).toBeInTheDocument();
    expect(within(request).getByRole('table', { name: 'Lines of quote Q-000012' })).toHaveTextContent(
      /PW-HAND-400-CL.*£29\.94.*TAPE-48-BRN.*£12\.00/,
    );
    expect(
      within(region('Documents')).getByRole('button', { name: 'Download logo.pdf (244 KB)' }),
    ).toBeInTheDocument();
    expect(within(region('Documents')).queryByRole('button', { name: 'Download quote (PDF)' })).toBeNull();

    // Prefilled with the list prices, no discount, free delivery and 14 days ahead.
    expect(priceOf('PW-HAND-400-CL')).toHaveValue('29.94');
    expect(priceOf('TAPE-48-BRN')).toHaveValue('12.00');
    expect(screen.getByLabelText('Discount (%)')).toHaveValue('');
    expect(screen.getByLabelText('Delivery (£)')).toHaveValue('0.00');
    expect(screen.getByLabelText('Valid until')).toHaveValue(dayAfter(today(), 14));
    expect(screen.getByRole('button', { name: 'Send quote' })).toBeEnabled();
    expect(within(region('Versions sent')).getByText('No version has been sent yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw Q-000012' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  }, 20_000);

  it('sends the prices, a discount, delivery, the expiry and a message, then shows the version sent', async () => {
    let quote = requestedQuote();
    const api = stubQuote(() => quote, {
      [`POST ${SEND}`]: () => {
        quote = sentQuote({ version: 1, versions: sentQuote().versions.slice(0, 1) });
        return json(quote);
      },
    });
    const { user } = renderScreen();
    await user.clear(await screen.findByRole('textbox', { name: 'Price per pack of PW-HAND-400-CL (£)' }));
    await user.type(priceOf('PW-HAND-400-CL'), '27.5');
    await user.type(screen.getByLabelText('Discount (%)'), '2.5');
    await user.clear(screen.getByLabelText('Delivery (£)'));
    await user.type(screen.getByLabelText('Delivery (£)'), '45');
    const expiry = dayAfter(today(), 30);
    await user.clear(screen.getByLabelText('Valid until'));
    await user.type(screen.getByLabelText('Valid until'), expiry);
    await user.type(screen.getByLabelText('Message to the buyer'), 'Here is your quote.');
    await user.click(screen.getByRole('button', { name: 'Send quote' }));

    expect(await screen.findByRole('button', { name: 'Send revised quote' })).toBeInTheDocument();
    expect(api.called('POST', SEND).map((call) => call.body)).toEqual([
      {
        lines: [
          { id: 301, price_per_pack: '27.5' },
          { id: 302, price_per_pack: '12.00' },
        ],
        discount_percentage: 2.5,
        delivery: '45',
        expires_on: expiry,
        message: 'Here is your quote.',
      },
    ]);
    expect(within(region('Versions sent')).getByRole('table')).toHaveTextContent('Here is your quote.');
  }, 20_000);

  it('checks the form before sending: a price that is not an amount, an empty one, a past or too far expiry', async () => {
    const api = stubQuote(() => requestedQuote());
    const { user } = renderScreen();
    const wrap = await screen.findByRole('textbox', { name: 'Price per pack of PW-HAND-400-CL (£)' });
    await user.clear(wrap);
    await user.type(wrap, 'twelve');
    await user.clear(priceOf('TAPE-48-BRN'));
    await user.type(screen.getByLabelText('Discount (%)'), '120');
    const expiry = screen.getByLabelText('Valid until');
    await user.clear(expiry);
    await user.type(expiry, dayAfter(today(), -1));
    await user.click(screen.getByRole('button', { name: 'Send quote' }));

    expect(await within(sendForm()).findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(wrap).toHaveAttribute('aria-invalid', 'true');
    expect(wrap).toHaveAccessibleDescription(/./);
    expect(priceOf('TAPE-48-BRN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Discount (%)')).toHaveAccessibleDescription(
      expect.stringContaining(QUOTE_MESSAGES.discountRange),
    );
    expect(expiry).toHaveAccessibleDescription(expect.stringContaining(QUOTE_MESSAGES.expiryPast));

    await user.clear(expiry);
    await user.type(expiry, dayAfter(today(), QUOTE_LIMITS.expiryDays + 1));
    await user.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(expect.stringContaining(QUOTE_MESSAGES.expiryTooFar)),
    );
    expect(api.called('POST', SEND)).toEqual([]);
  }, 20_000);

  it('puts the server’s field errors on their fields: a line’s price, the lines, the expiry', async () => {
    stubQuote(() => requestedQuote(), {
      [`POST ${SEND}`]: json(
        {
          'lines.1.price_per_pack': [QUOTE_MESSAGES.priceRange],
          lines: [QUOTE_MESSAGES.linesMismatch],
          expires_on: [QUOTE_MESSAGES.expiryPast],
        },
        400,
      ),
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Send quote' }));
    expect(await within(sendForm()).findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(priceOf('TAPE-48-BRN')).toHaveAccessibleDescription(QUOTE_MESSAGES.priceRange);
    expect(priceOf('PW-HAND-400-CL')).not.toHaveAttribute('aria-invalid');
    expect(within(sendForm()).getByText(QUOTE_MESSAGES.linesMismatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Valid until')).toHaveAccessibleDescription(
      expect.stringContaining(QUOTE_MESSAGES.expiryPast),
    );
  }, 20_000);

  it('withdraws the request after confirming', async () => {
    let quote = requestedQuote();
    const api = stubQuote(() => quote, {
      [`POST ${QUOTE}withdraw/`]: () => {
        quote = requestedQuote({ status: 'withdrawn', refusal: QUOTE_MESSAGES.withdrawn });
        return json(quote);
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderScreen();
    const withdraw = await screen.findByRole('button', { name: 'Withdraw Q-000012' });
    await user.click(withdraw);
    expect(api.called('POST', `${QUOTE}withdraw/`)).toEqual([]);
    await user.click(withdraw);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send quote' })).toBeNull());
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(region('Summary')).toHaveTextContent('StatusWithdrawn');
    expect(screen.queryByRole('region', { name: 'Withdraw' })).toBeNull();
  }, 20_000);
});

describe('/admin/quotes/:id, a quote sent', () => {
  it('prefills a revision with the latest prices, lists the versions with their totals, and offers the PDF', async () => {
    const api = stubQuote(() => sentQuote(), { [`POST ${SEND}`]: json(sentQuote({ version: 3 })) });
    const { user, container } = renderScreen();
    expect(await screen.findByRole('heading', { level: 2, name: 'Revise the quote' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Version 3' })).toBeInTheDocument();
    expect(priceOf('PW-HAND-400-CL')).toHaveValue('26.00');
    expect(priceOf('TAPE-48-BRN')).toHaveValue('11.00');
    expect(screen.getByLabelText('Delivery (£)')).toHaveValue('45.00');
    const lines = within(region('Request')).getByRole('table');
    expect(lines).toHaveTextContent('was £27.50');
    const versions = within(region('Versions sent')).getByRole('table');
    const versionRows = within(versions)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent));
    // The version, then its items, delivery, VAT, total and message.
    expect(versionRows.map((cells) => [cells[0], ...cells.slice(3)])).toEqual([
      ['2 (latest)', '£1,150.00', '£45.00', '£239.00', '£1,434.00', 'Version 2: a better price on the wrap.'],
      ['1', '£1,210.00', '£45.00', '£251.00', '£1,506.00', 'Here is your quote.'],
    ]);
    expect(
      within(region('Documents')).getByRole('button', { name: 'Download quote (PDF)' }),
    ).toBeInTheDocument();
    expect((await axe.run(container, AXE)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send revised quote' }));
    expect(await screen.findByText(/Version 3 of Q-000012 is sent/)).toBeInTheDocument();
    expect(api.called('POST', SEND)[0]!.body).toMatchObject({
      lines: [
        { id: 301, price_per_pack: '26.00' },
        { id: 302, price_per_pack: '11.00' },
      ],
      delivery: '45.00',
    });
  }, 20_000);

  it('shows an accepted quote without the pricing form or Withdraw', async () => {
    stubQuote(() => acceptedQuote());
    renderScreen();
    expect(await screen.findByRole('heading', { level: 2, name: 'Versions sent' })).toBeInTheDocument();
    expect(region('Summary')).toHaveTextContent('Accepted version2');
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('links an ordered quote to its order', async () => {
    stubQuote(() => orderedQuote());
    renderScreen();
    expect(await screen.findByRole('link', { name: '#501' })).toHaveAttribute('href', '/admin/orders/501');
    expect(region('Summary')).toHaveTextContent('StatusOrdered');
  });

  it('says there is no such quote', async () => {
    stubApi({});
    renderScreen('12');
    expect(await screen.findByText('There is no such quote.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All quotes' })).toHaveAttribute('href', '/admin/quotes');
  });
});
