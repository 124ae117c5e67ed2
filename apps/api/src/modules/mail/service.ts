// The mail module's calls for other modules: they queue e-mail in the outbox, which the sender delivers.
export { enqueueEmail, enqueueEmails, type OutgoingEmail } from './queries';
