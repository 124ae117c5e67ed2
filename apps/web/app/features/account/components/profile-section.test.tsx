import { ACCOUNT_MESSAGES, type Profile } from '@shop/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, never, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { ProfileSection } from './profile-section';

const PROFILE: Profile = {
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  company_name: null,
  interested_in_marketing_communications: false,
};
const PATCH = 'PATCH /api/account/profile/';

function renderSection(profile: Profile = PROFILE) {
  const Stub = routeStub([{ path: '/account', Component: () => <ProfileSection initial={profile} /> }]);
  render(<Stub initialEntries={['/account']} />);
  return userEvent.setup();
}

const save = () => screen.getByRole('button', { name: 'Save details' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProfileSection', () => {
  it('shows the e-mail address as the sign-in, not to be changed here', () => {
    renderSection();
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(MY_ACCOUNT_MESSAGES.emailHint);
  });

  it('sends the details, saying when they are saved', async () => {
    const api = stubApi({
      [PATCH]: (body: object) => json({ ...PROFILE, ...body }),
    });
    const user = renderSection();
    await user.type(screen.getByLabelText('Company name (optional)'), ' Acme Ltd ');
    await user.click(
      screen.getByRole('checkbox', { name: 'Send me offers and news about packaging supplies' }),
    );
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.profileSaved);
    expect(api.called('PATCH', '/api/account/profile/')[0]!.body).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      company_name: 'Acme Ltd',
      interested_in_marketing_communications: true,
    });
    expect(screen.getByLabelText('Company name (optional)')).toHaveValue('Acme Ltd');
    // Editing again takes the message away.
    await user.type(screen.getByLabelText('First name'), 'a');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('checks the signup’s rules before sending, with the focus on the first wrong field', async () => {
    const api = stubApi({});
    const user = renderSection();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('Last name'), 'x'.repeat(150));
    await user.click(save());
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAccessibleDescription('First name is required');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveFocus();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(
      'Ensure this field has no more than 150 characters.',
    );
    expect(api.calls).toEqual([]);
  });

  it('puts the server’s field errors under their fields', async () => {
    stubApi({ [PATCH]: json({ last_name: ['Ensure this field has no more than 150 characters.'] }, 400) });
    const user = renderSection();
    await user.click(save());
    expect(await screen.findByText('Ensure this field has no more than 150 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toHaveFocus();
  });

  it('says the details could not be saved when no answer comes', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderSection();
    await user.click(save());
    expect(
      await screen.findByText(
        `${MY_ACCOUNT_MESSAGES.profileSaveFailed} Network error. Please check your connection.`,
      ),
    ).toHaveAttribute('role', 'alert');
  });

  it('waits while saving, and takes no second click', async () => {
    const api = stubApi({ [PATCH]: never });
    const user = renderSection();
    // A body of its own: identical requests in flight are merged, and this one never ends.
    await user.type(screen.getByLabelText('Company name (optional)'), 'Never Ltd');
    await user.click(save());
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Saving…' }));
    expect(api.called('PATCH', '/api/account/profile/')).toHaveLength(1);
  });
});
