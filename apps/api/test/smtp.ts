import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server took it. */
export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port (no TLS, no auth) that hands each message it takes to `onMessage`,
 * for tests of what the shop sends.
 */
export async function startTestSmtp(
  onMessage: (mail: ReceivedMail) => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMessage({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
