import { bankDetailsMissingWarning } from '@shop/domain';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardWarnings } from './dashboard-warnings';

function renderWarnings(warnings: Parameters<typeof DashboardWarnings>[0]['warnings']) {
  const Stub = createRoutesStub([
    { path: '/admin', Component: () => <DashboardWarnings warnings={warnings} /> },
  ]);
  return render(<Stub initialEntries={['/admin']} />);
}

describe('DashboardWarnings', () => {
  it('says that companies have credit while no bank details are set, with the way to set them', async () => {
    const { container } = renderWarnings([bankDetailsMissingWarning(2)]);
    const section = screen.getByRole('region', { name: 'Needs attention' });
    expect(section).toHaveTextContent('2 companies have credit on account, but no bank details are set');
    expect(screen.getByRole('link', { name: 'Set the bank details' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    expect(
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations,
    ).toEqual([]);
  });

  it('shows nothing when nothing needs attention', () => {
    renderWarnings([]);
    expect(screen.queryByRole('region', { name: 'Needs attention' })).not.toBeInTheDocument();
  });
});
