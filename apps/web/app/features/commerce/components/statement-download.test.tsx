import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { fetchDocument } from '~/lib/fetch-document';
import { saveFile } from '~/lib/save-file';
import { StatementDownload, statementMonths } from './statement-download';

vi.mock('~/lib/fetch-document', () => ({ fetchDocument: vi.fn() }));
vi.mock('~/lib/save-file', () => ({ saveFile: vi.fn() }));

const NOW = new Date('2026-01-15T10:00:00Z');
const path = (month: string) => `/api/account/company/statement.pdf?month=${month}`;

afterEach(() => {
  vi.mocked(fetchDocument).mockReset();
  vi.mocked(saveFile).mockReset();
});

describe('statementMonths', () => {
  it('runs from the current UK month back, across the year', () => {
    expect(statementMonths(NOW, 4)).toEqual(['2026-01', '2025-12', '2025-11', '2025-10']);
    // 31 December 2025 at 23:30 UTC is still December in London (GMT).
    expect(statementMonths(new Date('2025-12-31T23:30:00Z'), 1)).toEqual(['2025-12']);
    // 31 May 2026 at 23:30 UTC is already June in London (BST).
    expect(statementMonths(new Date('2026-05-31T23:30:00Z'), 1)).toEqual(['2026-06']);
  });
});

describe('StatementDownload', () => {
  it('offers this month to date first and downloads the chosen month’s PDF under the account’s file name', async () => {
    const user = userEvent.setup();
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });
    vi.mocked(fetchDocument).mockResolvedValue(blob);
    render(<StatementDownload path={path} accountNumber="TA-000042" now={NOW} />);
    const month = screen.getByLabelText('Month');
    expect(month).toHaveValue('2026-01');
    expect(screen.getByRole('option', { name: 'January 2026 (to date)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'December 2025' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(fetchDocument).toHaveBeenCalledWith(
      '/api/account/company/statement.pdf?month=2026-01',
      expect.any(AbortSignal),
    );
    expect(saveFile).toHaveBeenCalledWith(blob, 'statement-TA-000042-2026-01.pdf');

    await user.selectOptions(month, '2025-10');
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    expect(saveFile).toHaveBeenLastCalledWith(blob, 'statement-TA-000042-2025-10.pdf');
  });

  it('tells a failure next to the button, which it describes', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchDocument).mockRejectedValue(
      new ApiError({ kind: 'network', message: 'Check your connection and try again.', generic: true }),
    );
    render(<StatementDownload path={path} accountNumber="TA-000042" now={NOW} />);
    const button = screen.getByRole('button', { name: 'Download statement' });
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Could not download the statement for January 2026\./);
    expect(button).toHaveAccessibleDescription(alert.textContent!);
    expect(button).toBeEnabled();
    expect(saveFile).not.toHaveBeenCalled();
  });
});
