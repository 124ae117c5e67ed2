import type { AuditEntryView, CustomerSummary, StaffMemberView } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { type RouteModule, routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as auditScreen from './audit';
import * as customersScreen from './customers';
import * as staffScreen from './staff';

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

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const customer: CustomerSummary = {
  id: 12,
  email: 'trade@example.com',
  first_name: 'Tara',
  last_name: 'Trader',
  company_name: 'Crates Ltd',
  role: 'customer',
  is_active: false,
  created_at: '2024-11-05T10:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/customers', () => {
  it('sends the search and sort from the URL, links each customer, and passes axe', async () => {
    const api = stubApi({
      'GET /api/administration/customers/?q=crates&active=false&ordering=email': {
        ...page([customer]),
        count_capped: false,
      },
    });
    const { container } = renderAt(
      '/admin/customers',
      '/admin/customers?q=crates&active=false&ordering=email',
      customersScreen,
    );
    expect(await screen.findByRole('link', { name: 'Tara Trader' })).toHaveAttribute(
      'href',
      '/admin/customers/12',
    );
    expect(
      within(screen.getByRole('table', { name: 'Customers' })).getByText('Deactivated'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('crates');
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(api.calls).toHaveLength(1);
    await noViolations(container);
  }, 20_000);

  it('shows the server’s refusal of a filter under it', async () => {
    stubApi({ 'GET /api/administration/customers/?role=king': json({ role: ['Invalid option.'] }, 400) });
    renderAt('/admin/customers', '/admin/customers?role=king', customersScreen);
    expect(await screen.findByText('Invalid option.')).toHaveAttribute('id', 'role-error');
  });
});

describe('/admin/staff', () => {
  const member: StaffMemberView = {
    id: 3,
    email: 'clerk@example.com',
    first_name: 'Cal',
    last_name: 'Clerk',
    role: 'staff',
    is_active: true,
  };

  it('changes a role by e-mail through the customer search, and passes axe', async () => {
    const api = stubApi({
      'GET /api/administration/staff/?page=1': page([member]),
      'GET /api/administration/customers/?q=trade%40example.com&page_size=100': page([
        { ...customer, is_active: true },
      ]),
      'PATCH /api/administration/users/12/role/': { ...member, id: 12, email: 'trade@example.com' },
    });
    const { container } = renderAt('/admin/staff', '/admin/staff', staffScreen);
    expect(await screen.findByLabelText('Role of clerk@example.com')).toHaveValue('staff');
    await noViolations(container);
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Change a role by e-mail' });
    await user.type(within(form).getByLabelText('E-mail'), 'Trade@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Change role' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('trade@example.com is now staff.');
    expect(api.called('PATCH', '/api/administration/users/12/role/').map((call) => call.body)).toEqual([
      { role: 'staff' },
    ]);
  }, 20_000);

  it('says the last owner cannot be demoted, as the server answers', async () => {
    const owner = { ...member, role: 'owner' as const };
    stubApi({
      'GET /api/administration/staff/?page=1': page([owner]),
      'PATCH /api/administration/users/3/role/': json(
        { detail: 'The shop must keep at least one active owner.' },
        409,
      ),
    });
    renderAt('/admin/staff', '/admin/staff', staffScreen);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role of clerk@example.com'), 'staff');
    await user.click(
      within(screen.getByRole('form', { name: 'Change the role of clerk@example.com' })).getByRole('button'),
    );
    expect(await screen.findByText('The shop must keep at least one active owner.')).toHaveAttribute(
      'role',
      'alert',
    );
  });
});

describe('/admin/audit', () => {
  it('shows who changed what, before and after, filtered from the URL, and passes axe', async () => {
    const entry: AuditEntryView = {
      id: 1,
      actor_id: 2,
      actor_email: 'boss@example.com',
      action: 'settings.update',
      entity_type: 'settings',
      entity_id: 'vat_rate',
      before: { vat_rate: 20, address: { city: 'Leeds' } },
      after: { vat_rate: 17.5, address: { city: 'Hull' } },
      created_at: '2025-03-01T10:00:00.000Z',
    };
    const api = stubApi({
      'GET /api/administration/audit/?entity_type=settings': { ...page([entry]), count_capped: false },
    });
    const { container } = renderAt('/admin/audit', '/admin/audit?entity_type=settings', auditScreen);
    expect(await screen.findByText('settings.update')).toBeInTheDocument();
    const row = screen.getByText('boss@example.com').closest('tr')!;
    expect(within(row).getByText('20')).toBeInTheDocument();
    expect(within(row).getByText('17.5')).toBeInTheDocument();
    expect(within(row).getByText('"Hull"')).toBeInTheDocument();
    expect(screen.getByLabelText('Kind')).toHaveValue('settings');
    expect(api.calls).toHaveLength(1);
    await noViolations(container);
  }, 20_000);
});
