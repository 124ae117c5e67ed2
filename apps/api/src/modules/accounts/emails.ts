import type { AuthenticationType } from '@shop/domain';
import type { OutgoingEmail } from '../mail/queries';

const SHOP = 'PackRight Supplies';

function html(paragraphs: string[]): string {
  // Only our own fixed text and digits go in here, so no escaping is needed.
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</body></html>`;
}

/** The e-mail carrying a signup or reset code. */
export function codeEmail(to: string, purpose: AuthenticationType, code: string): OutgoingEmail {
  const action = purpose === 'signup' ? 'verify your email address' : 'reset your password';
  const subject =
    purpose === 'signup' ? `Your ${SHOP} verification code` : `Your ${SHOP} password reset code`;
  const lines = [
    `Use this code to ${action}: ${code}`,
    'It expires in 10 minutes. Never share it: our staff will never ask you for it.',
    'If you did not ask for it, you can ignore this e-mail.',
  ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${SHOP}\n`,
    html: html([
      `Use this code to ${action}:`,
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      ...lines.slice(1),
      SHOP,
    ]),
  };
}

/** Tells the owner of an account that its password changed, in case it was not them. */
export function passwordChangedEmail(to: string, how: 'reset' | 'changed'): OutgoingEmail {
  const lines = [
    `The password of your ${SHOP} account was ${how === 'reset' ? 'reset' : 'changed'} and every other session was signed out.`,
    'If this was not you, reset your password at once and contact us.',
  ];
  return {
    to,
    subject: `Your ${SHOP} password was ${how === 'reset' ? 'reset' : 'changed'}`,
    text: `${lines.join('\n\n')}\n\n${SHOP}\n`,
    html: html([...lines, SHOP]),
  };
}
