// The mail module's calls for other modules: they queue e-mail in the outbox, which the sender delivers.
export { enqueueEmail, enqueueEmails, redactOutbox, type OutgoingEmail } from './queries';
