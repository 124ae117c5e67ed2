import { ADDRESS_MESSAGES, type AddressView } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, HOME, WORK } from '~test/fake-checkout';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { AddressBookSection } from './address-book-section';

// Typing a whole address takes a while when the machine is busy with other suites.
vi.setConfig({ testTimeout: 20_000 });

function renderBook(addresses: AddressView[] = [HOME, WORK]) {
  const Stub = routeStub([{ path: '/account', Component: () => <AddressBookSection initial={addresses} /> }]);
  render(<Stub initialEntries={['/account']} />);
  return userEvent.setup();
}

const card = (street: RegExp) => screen.getByText(street).closest('li')!;
const status = () => screen.getByRole('status');

/** The view the API answers for a PATCH of `base` with `body`. */
const patched = (base: AddressView) => (body: Partial<AddressView>) => json({ ...base, ...body });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AddressBookSection', () => {
  it('lists the addresses with their defaults for checkout', () => {
    renderBook([address({ ...HOME, is_default_billing: true, is_default_shipping: true }), WORK]);
    const home = card(/1 High Street/);
    expect(within(home).getByRole('list', { name: 'Defaults' })).toHaveTextContent(
      'Default billingDefault shipping',
    );
    expect(within(home).queryByRole('button', { name: /^Make default/ })).not.toBeInTheDocument();
    const work = card(/5 Mill Lane/);
    expect(within(work).queryByRole('list', { name: 'Defaults' })).not.toBeInTheDocument();
    expect(
      within(work).getByRole('button', {
        name: 'Make default billing, Jane Doe, 5 Mill Lane, Leeds, West Yorkshire, LS1 4AP',
      }),
    ).toBeInTheDocument();
  });

  it('says so when there is no address yet', () => {
    renderBook([]);
    expect(screen.getByText(MY_ACCOUNT_MESSAGES.noAddresses)).toBeInTheDocument();
  });

  it('moves a default to another address with PATCH, one address holding it', async () => {
    const api = stubApi({ [`PATCH /api/addresses/${WORK.id}/`]: patched(WORK) });
    const user = renderBook([address({ ...HOME, is_default_billing: true }), WORK]);
    await user.click(within(card(/5 Mill Lane/)).getByRole('button', { name: /^Make default billing/ }));
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.defaultBillingSet)).toBeInTheDocument();
    expect(api.called('PATCH', `/api/addresses/${WORK.id}/`)[0]!.body).toEqual({ is_default_billing: true });
    expect(within(card(/5 Mill Lane/)).getByText('Default billing')).toBeInTheDocument();
    expect(within(card(/1 High Street/)).queryByText('Default billing')).not.toBeInTheDocument();
    expect(within(card(/5 Mill Lane/)).getByRole('button', { name: /^Edit/ })).toHaveFocus();
  });

  it('adds an address with the API’s rules, as a default when ticked, and puts the focus on it', async () => {
    const created = address({ id: 30, street: '9 Dock Road', city: 'Hull', postal_code: 'HU1 1AA' });
    const api = stubApi({
      'POST /api/addresses/': (body: Partial<AddressView>) => json({ ...created, ...body, id: 30 }, 201),
    });
    const user = renderBook();
    await user.click(screen.getByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByLabelText('First name')).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByLabelText('Street')).toHaveAccessibleDescription(
      ADDRESS_MESSAGES.streetRequired,
    );
    expect(within(form).getByRole('alert')).toHaveTextContent(MY_ACCOUNT_MESSAGES.addressFormErrors);
    expect(within(form).getByLabelText('First name')).toHaveFocus();
    expect(api.calls).toEqual([]);

    await user.type(within(form).getByLabelText('First name'), 'Jane');
    await user.type(within(form).getByLabelText('Last name'), 'Doe');
    await user.type(within(form).getByLabelText('Street'), '9 Dock Road');
    await user.type(within(form).getByLabelText('City'), 'Hull');
    await user.type(within(form).getByLabelText('Postal code'), 'hu11aa');
    await user.type(within(form).getByLabelText('Telephone number'), '07700 900123');
    await user.click(within(form).getByRole('checkbox', { name: 'My default shipping address' }));
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.addressAdded)).toBeInTheDocument();
    expect(api.called('POST', '/api/addresses/')[0]!.body).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      street: '9 Dock Road',
      city: 'Hull',
      state: null,
      postal_code: 'HU1 1AA',
      country: 'UK',
      telephone_number: '+447700900123',
      is_default_billing: false,
      is_default_shipping: true,
    });
    const added = card(/9 Dock Road/);
    expect(within(added).getByText('Default shipping')).toBeInTheDocument();
    expect(within(added).getByRole('button', { name: /^Edit/ })).toHaveFocus();
    expect(
      screen.getAllByRole('listitem').filter((item) => item.classList.contains('address-card')),
    ).toHaveLength(3);
  });

  it('edits an address in place with PATCH, and puts the server’s field errors under their fields', async () => {
    let refuse = true;
    const api = stubApi({
      [`PATCH /api/addresses/${HOME.id}/`]: (body: Partial<AddressView>) =>
        refuse ? json({ postal_code: ['Enter a valid UK postcode.'] }, 400) : patched(HOME)(body),
    });
    const user = renderBook();
    await user.click(within(card(/1 High Street/)).getByRole('button', { name: /^Edit/ }));
    const form = screen.getByRole('form', { name: 'Edit the address of Jane Doe' });
    expect(within(form).getByLabelText('Street')).toHaveValue('1 High Street');
    await user.clear(within(form).getByLabelText('Street'));
    await user.type(within(form).getByLabelText('Street'), '2 Low Street');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('Enter a valid UK postcode.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Postal code')).toHaveFocus();

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.addressSaved)).toBeInTheDocument();
    expect(api.called('PATCH', `/api/addresses/${HOME.id}/`).at(-1)!.body).toMatchObject({
      street: '2 Low Street',
      is_default_billing: false,
      is_default_shipping: false,
    });
    expect(within(card(/2 Low Street/)).getByRole('button', { name: /^Edit/ })).toHaveFocus();
  });

  it('gives the focus back to Edit on Cancel, changing nothing', async () => {
    const api = stubApi({});
    const user = renderBook();
    await user.click(within(card(/5 Mill Lane/)).getByRole('button', { name: /^Edit/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(card(/5 Mill Lane/)).getByRole('button', { name: /^Edit/ })).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('deletes an address, and takes an address already gone as deleted', async () => {
    stubApi({
      [`DELETE /api/addresses/${HOME.id}/`]: new Response(null, { status: 204 }),
      [`DELETE /api/addresses/${WORK.id}/`]: json({ detail: 'Not found.' }, 404),
    });
    const user = renderBook();
    await user.click(within(card(/1 High Street/)).getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.addressDeleted)).toBeInTheDocument();
    expect(screen.queryByText(/1 High Street/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus();
    await user.click(within(card(/5 Mill Lane/)).getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.noAddresses)).toBeInTheDocument();
  });

  it('keeps the address and says why when deleting fails', async () => {
    stubApi({ [`DELETE /api/addresses/${HOME.id}/`]: json({ detail: 'A server error occurred.' }, 500) });
    const user = renderBook();
    await user.click(within(card(/1 High Street/)).getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText('A server error occurred.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText(/1 High Street/)).toBeInTheDocument();
    expect(status()).toBeEmptyDOMElement();
  });
});
