// The companies' calls for the receivables: who administers a company, and its lock. Apart from service.ts,
// which reads the receivables' positions.
export { lockCompany, selectAdministratorEmails } from './queries';
