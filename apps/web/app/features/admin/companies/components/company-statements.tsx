import type { AdminCompanyDetail } from '@shop/domain';
import { StatementDownload } from '~/features/commerce/components/statement-download';

/** /admin/companies/:id: the company's statement of account for a month, as its administrators download it. */
export function CompanyStatements({ company }: { company: AdminCompanyDetail }) {
  return (
    <section className="admin-panel" aria-labelledby="company-statements-title">
      <h2 id="company-statements-title">Statements</h2>
      <StatementDownload
        accountNumber={company.account_number}
        buttonClassName="admin-button"
        path={(month) =>
          `/api/administration/companies/${company.id}/statement.pdf?month=${encodeURIComponent(month)}`
        }
      />
    </section>
  );
}
