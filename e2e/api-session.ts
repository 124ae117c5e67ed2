/**
 * A real customer made through the shop's own API, as a person would: ask for a code, read it from the
 * dev mailbox, trade it for a verification token, sign up and log in. Journeys that are not about
 * accounts use it to start signed in without going through the forms again.
 */
import { createHash } from 'node:crypto';

interface MailboxPage {
  results: { to: string; text: string }[];
}

export interface Customer {
  email: string;
  password: string;
  access: string;
}

/** The client address a made customer signs up from: one of their own, from their unique e-mail address. */
function clientOf(email: string): string {
  const digest = createHash('sha256').update(email).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]}`;
}

async function post(
  baseURL: string,
  path: string,
  body: object,
  client: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseURL}/api/account/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
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
  // Each customer a visitor of their own, as people signing up are (global-setup trusts the loopback proxy).
  const client = clientOf(email);
  await post(baseURL, 'email-authentication/', { email, authentication_type: 'signup' }, client);
  const code = await codeFor(baseURL, email);
  const verified = await post(
    baseURL,
    'email-authentication/',
    { email, authentication_type: 'signup', code },
    client,
  );
  await post(
    baseURL,
    'signup/',
    {
      email,
      first_name: 'Pat',
      last_name: 'Buyer',
      company_name: 'Buyer Ltd',
      password,
      verification_token: verified.verification_token,
    },
    client,
  );
  const login = (await post(baseURL, 'login/', { email, password }, client)) as {
    token: { access: string };
  };
  return { email, password, access: login.token.access };
}

export async function callAs<T>(
  baseURL: string,
  access: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A customer's paid order, placed through the shop's own API as the checkout page does it: packs of a product's
 * item into the cart at its first pack tier, an address, a payment intent, the `test` processor's card form
 * (4242…), and POST orders/. Answers the order's id and total.
 */
export async function placeOrder(
  baseURL: string,
  customer: Customer,
  { product, sku, packs }: { product: string; sku: string; packs: number },
): Promise<{ id: number; total: string }> {
  const call = <T>(method: string, path: string, body?: unknown) =>
    callAs<T>(baseURL, customer.access, method, path, body);
  await addToCart(baseURL, customer, { product, sku, packs });
  const cart = await call<{ id: number }>('GET', 'ecommerce/carts/current/');
  const address = await call<{ id: number }>('POST', 'addresses/', {
    first_name: 'Pat',
    last_name: 'Buyer',
    street: '1 Warehouse Road',
    city: 'Leeds',
    state: '',
    postal_code: 'LS1 4AP',
    country: 'UK',
    telephone_number: '07700 900123',
  });
  const intent = await call<{ client_secret: string; payment_intent_id: string }>(
    'POST',
    'ecommerce/payment-intents/',
    { cart_id: cart.id, billing_address: address.id, shipping_address: address.id },
  );
  const confirmed = await fetch(`${baseURL}/api/payments/test/confirm/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: intent.client_secret,
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
      billing_details: { name: 'Pat Buyer' },
    }),
  });
  if (!confirmed.ok) throw new Error(`the card was refused: ${confirmed.status} ${await confirmed.text()}`);
  return call<{ id: number; total: string }>('POST', 'orders/', {
    shipping_address: address.id,
    billing_address: address.id,
    shipping_cost: 0,
    vat: 20,
    discount: 0,
    status: 'pending',
    payment_status: 'COMPLETED',
    payment_method: 'card',
    payment_verified: true,
    transaction_id: intent.payment_intent_id,
  });
}

/**
 * Packs of a product's item put in the customer's cart through the API, at the item's first pack (or pallet) tier, as
 * the product page adds them (journeys that need a cart of several lines, or an order of several).
 */
export async function addToCart(
  baseURL: string,
  customer: Customer,
  {
    product,
    sku,
    packs,
    tier = 'pack',
  }: { product: string; sku: string; packs: number; tier?: 'pack' | 'pallet' },
): Promise<void> {
  const call = <T>(method: string, path: string, body?: unknown) =>
    callAs<T>(baseURL, customer.access, method, path, body);
  const found = await call<{ results: { id: number }[] }>('GET', `products/?slug=${product}`);
  const variants = await call<{
    results: { id: number; pricing_tiers: { id: number; tier_type: string; range_start: number }[] }[];
  }>('GET', `product-variants/?product=${found.results[0]!.id}`);
  for (const variant of variants.results) {
    const items = await call<{ results: { id: number; sku: string }[] }>(
      'GET',
      `items/?product_variant=${variant.id}&page_size=100`,
    );
    const item = items.results.find((row) => row.sku === sku);
    if (!item) continue;
    // The first tier of the kind: a load of whole pallets is priced at the pallet tier (spec 2, §4).
    const first = variant.pricing_tiers.find((t) => t.tier_type === tier && t.range_start === 1)!;
    const cart = await call<{ id: number }>('GET', 'ecommerce/carts/current/');
    await call('POST', 'cart-items/', [
      {
        cart: cart.id,
        item: item.id,
        pricing_tier: first.id,
        pack_quantity: packs,
        unit_type: 'pack',
        user_exclusive_price: null,
      },
    ]);
    return;
  }
  throw new Error(`no ${sku} in ${product}`);
}

const ownerTokens = new Map<string, Promise<string>>();

/**
 * The shop owner's access token, from one login through the API (as the login form stores it), kept for the
 * spec file: the back-office calls and pages a journey makes as the owner all use it.
 */
export function ownerToken(baseURL: string, owner: { email: string; password: string }): Promise<string> {
  let token = ownerTokens.get(baseURL);
  if (token === undefined) {
    token = (async () => {
      const response = await fetch(`${baseURL}/api/account/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(owner),
      });
      if (!response.ok) throw new Error(`the owner could not log in: ${response.status}`);
      return ((await response.json()) as { token: { access: string } }).token.access;
    })();
    ownerTokens.set(baseURL, token);
  }
  return token;
}
