// The companies' calls for the receivables and the documents: who administers a company, where its account
// documents go, and its lock. Apart from service.ts, which reads the receivables' positions.
export { lockCompany, selectAdministratorEmails } from './queries';
export { selectAccountsEmail, selectAccountsRecipients } from './recipient-queries';
