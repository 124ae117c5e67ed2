import type { CompanyView } from '@shop/domain';
import { CompanySection } from './company-section';
import { StatementDownload } from '~/features/commerce/components/statement-download';

/** The company's monthly statements of account (administrators): pick a month, download its PDF. */
export function CompanyStatementsSection({ company }: { company: CompanyView }) {
  return (
    <CompanySection
      title="Statements"
      intro="Each month’s statement lists the invoices, payments and credit notes, the balance and what is past due."
    >
      <StatementDownload
        accountNumber={company.account_number}
        path={(month) => `/api/account/company/statement.pdf?month=${encodeURIComponent(month)}`}
      />
    </CompanySection>
  );
}
