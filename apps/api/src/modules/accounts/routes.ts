import {
  ACCOUNT_MESSAGES,
  AccessTokenResponseSchema,
  AccountMessageSchema,
  AuthTokenResponseSchema,
  DeleteAccountSchema,
  EmailAuthenticationResponseSchema,
  EmailAuthenticationSchema,
  LoginSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SignupSchema,
  TokenVerifySchema,
  UpdatePasswordSchema,
} from '@shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from './authenticate';
import { readCookies, refreshCookie, refreshCookieName } from './cookies';
import { TokenNotValid } from './errors';
import { InvalidAccessToken } from './tokens';
import { ACCOUNT_LIMITS, type Session } from './service';
import type { RouteOptions } from '../../services';

const ErrorSchema = z.object({ detail: z.string(), code: z.string().optional() });

export const accountRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  // cookieSecure: mark the refresh cookie Secure (config COOKIE_SECURE).
  { services: { accounts, rateLimiter }, config: { cookieSecure } },
) => {
  const cookieName = refreshCookieName(cookieSecure);
  const refreshTokensOf = (request: FastifyRequest) => readCookies(request.headers.cookie, cookieName);

  /** Puts the refresh token in its cookie; the body carries only the access token (DESIGN §4.9). */
  function startSession(reply: FastifyReply, session: Session) {
    const maxAge = (session.refreshExpiresAt.getTime() - Date.now()) / 1000;
    reply.header('set-cookie', refreshCookie(session.refreshToken, maxAge, cookieSecure));
    reply.header('cache-control', 'no-store');
  }

  function endSession(reply: FastifyReply) {
    reply.header('set-cookie', refreshCookie('', 0, cookieSecure));
    reply.header('cache-control', 'no-store');
  }

  /** The signed-in user's own data: never cached by anyone, refusals included. */
  const privateAnswer = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store');
  };
  const signedIn = { security: [{ bearerAuth: [] }], tags: ['account'] };

  app.post(
    '/account/email-authentication/',
    {
      schema: {
        tags: ['account'],
        summary:
          'Without `code`: e-mail a 6-digit code. With `code`: check it and answer a verification token',
        body: EmailAuthenticationSchema.strict(),
        response: { 200: EmailAuthenticationResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accounts.emailAuthentication(request.body, request.ip);
    },
  );

  app.post(
    '/account/signup/',
    {
      schema: {
        tags: ['account'],
        summary: 'Create an account with a signup verification token, and sign in',
        body: SignupSchema.strict(),
        response: { 201: AuthTokenResponseSchema },
      },
      onRequest: (request) => rateLimiter.consume(ACCOUNT_LIMITS.signupsPerClient, request.ip),
    },
    async (request, reply) => {
      const session = await accounts.signup(request.body);
      startSession(reply, session);
      return reply.code(201).send({ token: { access: session.access } });
    },
  );

  app.post(
    '/account/login/',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in: the access token in the body, the refresh token in an HttpOnly cookie',
        body: LoginSchema.strict(),
        response: { 200: AuthTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await accounts.login(request.body, request.ip);
      startSession(reply, session);
      return { token: { access: session.access } };
    },
  );

  app.post(
    '/account/token/refresh/',
    {
      schema: {
        tags: ['account'],
        summary: 'Rotate the refresh cookie and answer a new access token (any body is ignored)',
        response: { 200: AccessTokenResponseSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        const tokens = refreshTokensOf(request);
        // Two cookies of one name: one was planted (e.g. by a sibling subdomain); trust neither.
        if (tokens.length > 1) throw new TokenNotValid('More than one refresh token was sent.');
        const session = await accounts.refresh(tokens[0]);
        startSession(reply, session);
        return { access: session.access };
      } catch (err) {
        // A refresh token that does not work is of no use to keep.
        if (err instanceof TokenNotValid) endSession(reply);
        throw err;
      }
    },
  );

  app.post(
    '/account/token/verify/',
    {
      schema: {
        tags: ['account'],
        summary: 'Check an access token: 200 {} when valid, else 401 token_not_valid',
        body: TokenVerifySchema.strict(),
        response: { 200: z.object({}), 401: ErrorSchema },
      },
    },
    async (request) => {
      try {
        await accounts.authenticate(request.body.token);
      } catch (err) {
        if (!(err instanceof InvalidAccessToken)) throw err;
        throw new TokenNotValid();
      }
      return {};
    },
  );

  app.post(
    '/account/logout/',
    {
      schema: {
        tags: ['account'],
        summary: 'Revoke the session of the refresh cookie and clear the cookie',
        response: { 200: AccountMessageSchema },
      },
    },
    async (request, reply) => {
      for (const token of refreshTokensOf(request)) await accounts.logout(token);
      endSession(reply);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/account/reset-password/',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a forgot-password verification token; every session ends',
        body: ResetPasswordSchema.strict(),
        response: { 200: AccountMessageSchema },
      },
      onRequest: (request) => rateLimiter.consume(ACCOUNT_LIMITS.resetsPerClient, request.ip),
    },
    async (request) => accounts.resetPassword(request.body),
  );

  app.post(
    '/account/update-password/',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the signed-in user’s password; other sessions and their access tokens end',
        security: [{ bearerAuth: [] }],
        body: UpdatePasswordSchema.strict(),
        response: { 200: AccountMessageSchema },
      },
      // Before the body is read: a request without a valid token learns nothing about its body.
      onRequest: app.authenticate,
    },
    async (request) => {
      const { id: userId, sessionId } = signedInUser(request);
      return accounts.updatePassword({ userId, sessionId }, request.body);
    },
  );

  app.get(
    '/account/profile/',
    {
      schema: {
        ...signedIn,
        summary: 'The signed-in buyer’s details (the e-mail address is the sign-in)',
        response: { 200: ProfileSchema },
      },
      onRequest: [privateAnswer, app.authenticate],
    },
    async (request) => accounts.profile(signedInUser(request).id),
  );

  app.patch(
    '/account/profile/',
    {
      schema: {
        ...signedIn,
        summary:
          'Change the buyer’s names, company or marketing consent (the fields given); the change is e-mailed to them',
        body: ProfileUpdateSchema.strict(),
        response: { 200: ProfileSchema },
      },
      onRequest: [privateAnswer, app.authenticate],
    },
    async (request) => accounts.updateProfile(signedInUser(request).id, request.body),
  );

  app.post(
    '/account/logout-all/',
    {
      schema: {
        ...signedIn,
        summary: 'End every session of the user, this one included, and clear the refresh cookie',
        response: { 200: AccountMessageSchema },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const answer = await accounts.logoutEverywhere(signedInUser(request).id);
      endSession(reply);
      return answer;
    },
  );

  app.post(
    '/account/delete/',
    {
      schema: {
        ...signedIn,
        summary:
          'Delete the buyer’s account after checking its password: personal data erased, orders kept (docs/operations.md)',
        body: DeleteAccountSchema.strict(),
        response: { 200: AccountMessageSchema },
      },
      // Before the body is read: a request without a valid token learns nothing about its body.
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await accounts.deleteAccount(signedInUser(request).id, request.body.password);
      endSession(reply);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
