import type { AuthenticationType } from '@shop/domain';
import { escapeHtml } from '../../lib/escape-html';
import type { OutgoingEmail } from '../mail/service';

const SHOP = 'PackRight Supplies';

function html(paragraphs: string[]): string {
  // Only our own fixed text and digits go in here, or text passed through escapeHtml first.
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

/** The details a buyer can change on their account page, as an e-mail names them. */
export interface ProfileDetails {
  firstName: string;
  lastName: string;
  companyName: string | null;
  interestedInMarketingCommunications: boolean;
}

/** What changed between two versions of a buyer's details, one line each ('Marketing e-mails: now on'). */
export function profileChangeLines(before: ProfileDetails, after: ProfileDetails): string[] {
  const lines: string[] = [];
  if (after.firstName !== before.firstName) lines.push(`First name: now ${after.firstName}`);
  if (after.lastName !== before.lastName) lines.push(`Last name: now ${after.lastName}`);
  if (after.companyName !== before.companyName) {
    lines.push(
      after.companyName === null ? 'Company name: removed' : `Company name: now ${after.companyName}`,
    );
  }
  if (after.interestedInMarketingCommunications !== before.interestedInMarketingCommunications) {
    lines.push(`Marketing e-mails: now ${after.interestedInMarketingCommunications ? 'on' : 'off'}`);
  }
  return lines;
}

/** Tells the owner of an account what changed in its details, in case it was not them. */
export function profileChangedEmail(to: string, changes: string[]): OutgoingEmail {
  const intro = `The details of your ${SHOP} account were changed:`;
  const warning = 'If this was not you, change your password at once and contact us.';
  return {
    to,
    subject: `Your ${SHOP} account details were changed`,
    text: `${intro}\n\n${changes.map((line) => `- ${line}`).join('\n')}\n\n${warning}\n\n${SHOP}\n`,
    html: html([intro, changes.map(escapeHtml).join('<br>'), warning, SHOP]),
  };
}
