import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { accountClient, refreshCookieOf } from '../../../test/support/accounts';

let ctx: TestContext;
let log = '';
const logStream = new Writable({
  write(chunk, _encoding, done) {
    log += String(chunk);
    done();
  },
});

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'trace' }), logStream });
});
afterAll(() => ctx.close());

describe('the log', () => {
  it('never contains a code, a password or a token, whatever the flow', async () => {
    const api = accountClient(ctx);
    const secrets: string[] = [];
    const email = api.newEmail('logged');
    const password = 'first secret password';
    const newPassword = 'second secret password';
    const changedPassword = 'third secret password';
    secrets.push(password, newPassword, changedPassword);

    // Signup with an e-mailed code, a wrong code first.
    await api.requestCode(email, 'signup');
    const code = await api.lastCode(email);
    secrets.push(code);
    await api.post('email-authentication/', { email, authentication_type: 'signup', code: '000000' });
    const checked = await api.post('email-authentication/', { email, authentication_type: 'signup', code });
    const verificationToken = checked.json<{ verification_token: string }>().verification_token;
    secrets.push(verificationToken);
    const signup = await api.post('signup/', {
      email,
      first_name: 'Log',
      last_name: 'Test',
      password,
      interested_in_marketing_communications: false,
      verification_token: verificationToken,
    });
    expect(signup.statusCode).toBe(201);
    secrets.push(signup.json<{ token: { access: string } }>().token.access, refreshCookieOf(signup)!);

    // A failed and a good login, a refresh, a token check.
    await api.post('login/', { email, password: 'a wrong password guess' });
    secrets.push('a wrong password guess');
    const session = await api.logIn(email, password);
    secrets.push(session.access, session.refresh);
    const refreshed = await api.post(
      'token/refresh/',
      { refresh: session.refresh },
      { cookie: session.refresh },
    );
    secrets.push(refreshed.json<{ access: string }>().access, refreshCookieOf(refreshed)!);
    await api.post('token/verify/', { token: session.access });

    // A password reset and a change.
    await api.allowNewCode(email);
    await api.requestCode(email, 'forgot_password');
    const resetCode = await api.lastCode(email);
    secrets.push(resetCode);
    const resetChecked = await api.post('email-authentication/', {
      email,
      authentication_type: 'forgot_password',
      code: resetCode,
    });
    const resetToken = resetChecked.json<{ verification_token: string }>().verification_token;
    secrets.push(resetToken);
    await api.post('reset-password/', {
      email,
      new_password: newPassword,
      confirm_new_password: newPassword,
      verification_token: resetToken,
    });
    const after = await api.logIn(email, newPassword);
    secrets.push(after.access, after.refresh);
    await api.post(
      'update-password/',
      { current_password: newPassword, new_password: changedPassword, confirm_new_password: changedPassword },
      { headers: { authorization: `Bearer ${after.access}` }, cookie: after.refresh },
    );
    // Bad inputs, whose echo in an error could leak them.
    await api.post('login/', { email: 'not-an-email', password: 'leaky password 1' });
    await api.post('update-password/', {}, { headers: { authorization: `Bearer ${after.access}x` } });
    secrets.push('leaky password 1');
    await api.post('logout/', undefined, { cookie: after.refresh });

    expect(log).toContain('request completed');
    expect(log).toContain('/api/account/reset-password/');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
