/**
 * A real customer made through the shop's own API, as a person would: ask for a code, read it from the
 * dev mailbox, trade it for a verification token, sign up and log in. Journeys that are not about
 * accounts use it to start signed in without going through the forms again.
 */
interface MailboxPage {
  results: { to: string; text: string }[];
}

export interface Customer {
  email: string;
  password: string;
  access: string;
}

async function post(baseURL: string, path: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseURL}/api/account/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function codeFor(baseURL: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/api/dev/mailbox/?to=${encodeURIComponent(email)}`);
    const page = (await response.json()) as MailboxPage;
    const code = /\b(\d{6})\b/.exec(page.results[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No code was e-mailed to ${email} within 10 s`);
}

export async function signUpCustomer(baseURL: string, name: string): Promise<Customer> {
  const email = `${name}.${Date.now().toString(36)}@example.com`;
  const password = 'Packaging-2026!';
  await post(baseURL, 'email-authentication/', { email, authentication_type: 'signup' });
  const code = await codeFor(baseURL, email);
  const verified = await post(baseURL, 'email-authentication/', {
    email,
    authentication_type: 'signup',
    code,
  });
  await post(baseURL, 'signup/', {
    email,
    first_name: 'Pat',
    last_name: 'Buyer',
    company_name: 'Buyer Ltd',
    password,
    verification_token: verified.verification_token,
  });
  const login = (await post(baseURL, 'login/', { email, password })) as { token: { access: string } };
  return { email, password, access: login.token.access };
}
