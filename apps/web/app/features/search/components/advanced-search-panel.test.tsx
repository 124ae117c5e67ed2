import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeStub } from '~test/route-stub';
import { AdvancedSearchPanel } from './advanced-search-panel';

function SearchPage() {
  const { search } = useLocation();
  return <p data-testid="search-query">{search}</p>;
}

/** The panel over a page; /search's loader waits until `release` is called, to see the busy state. */
function renderPanel(url = '/', options: { slowSearch?: boolean } = {}) {
  let release: () => void = () => undefined;
  const Stub = routeStub([
    {
      path: '/',
      Component: () => (
        <>
          <AdvancedSearchPanel open />
          <Outlet />
        </>
      ),
      children: [
        { index: true, Component: () => <p>Home</p> },
        {
          path: 'search',
          Component: SearchPage,
          loader: () =>
            options.slowSearch ? new Promise<null>((resolve) => (release = () => resolve(null))) : null,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { release: () => release() };
}

const SIZE_NAMES = { H: 'Height (H)', W: 'Width (W)', L: 'Length (L)' } as const;
const sizeBox = (letter: keyof typeof SIZE_NAMES) =>
  screen.getByRole('spinbutton', { name: SIZE_NAMES[letter] });
const searchButton = () => screen.getByRole('button', { name: /^Search/ });

describe('Advanced Search panel', () => {
  it('starts with MM, Boxes and Approx Size, and focuses H', async () => {
    renderPanel();
    expect(await screen.findByRole('form', { name: 'Search by size' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'MM (millimetres)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Boxes' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bags' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('radio', { name: 'Approx Size' })).toBeChecked();
    expect(sizeBox('H')).toHaveFocus();
    for (const letter of ['H', 'W', 'L'] as const) {
      expect(sizeBox(letter)).toHaveAttribute('min', '0');
      expect(sizeBox(letter)).toHaveAttribute('max', '100');
    }
  });

  it('prefills itself from the /search query', async () => {
    renderPanel(
      '/search?width=30&height=20&length=0&measurement_unit=CM&category=postal&approx_size=false&minimum_size=true',
    );
    await screen.findByRole('form', { name: 'Search by size' });
    expect(sizeBox('W')).toHaveValue(30);
    expect(sizeBox('H')).toHaveValue(20);
    expect(sizeBox('L')).toHaveValue(null);
    expect(screen.getByRole('radio', { name: 'CM (centimetres)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Postal' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'Minimum Size' })).toBeChecked();
  });

  it('uses MM when the query names no valid unit', async () => {
    renderPanel('/search?measurement_unit=yards&category=bags');
    await screen.findByRole('form', { name: 'Search by size' });
    expect(screen.getByRole('radio', { name: 'MM (millimetres)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Bags' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("says 'Two dimensions must be positive.' and clears it on any change", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(sizeBox('W'), '30');
    await user.click(searchButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Two dimensions must be positive.');
    expect(sizeBox('W')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('radio', { name: 'CM (centimetres)' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it("says 'Select a category.' when no type is chosen", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(sizeBox('W'), '30');
    await user.type(sizeBox('H'), '20');
    await user.click(screen.getByRole('button', { name: 'Boxes' }));
    expect(screen.getByRole('button', { name: 'Boxes' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(searchButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Select a category.');
    await user.click(screen.getByRole('button', { name: 'Bags' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('does not submit on Enter in a size box', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.type(sizeBox('W'), '30');
    await user.type(sizeBox('H'), '20{Enter}');
    expect(screen.queryByTestId('search-query')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it("goes to /search with the seven parameters, showing 'Searching...' meanwhile", async () => {
    const user = userEvent.setup();
    const { release } = renderPanel('/', { slowSearch: true });
    await user.type(sizeBox('W'), '30');
    await user.type(sizeBox('H'), '20');
    await user.click(screen.getByRole('radio', { name: 'CM (centimetres)' }));
    await user.click(searchButton());
    expect(searchButton()).toHaveTextContent('Searching...');
    expect(searchButton()).toBeDisabled();
    release();
    const query = await screen.findByTestId('search-query');
    expect(Object.fromEntries(new URLSearchParams(query.textContent!))).toEqual({
      width: '30',
      height: '20',
      length: '0',
      measurement_unit: 'CM',
      category: 'boxes',
      approx_size: 'true',
      minimum_size: 'false',
    });
  });

  it('round-trips: a query read into the form comes out unchanged', async () => {
    const user = userEvent.setup();
    const query =
      'width=12.5&height=8&length=3&measurement_unit=IN&category=bags&approx_size=false&minimum_size=true';
    renderPanel(`/?${query}`);
    await user.click(searchButton());
    expect(await screen.findByTestId('search-query')).toHaveTextContent(`?${query}`);
  });
});
