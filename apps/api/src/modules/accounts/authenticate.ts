import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadAuthorizationHeader, NotAuthenticated, TokenNotValid } from './errors';
import { type AccessClaims, InvalidAccessToken } from './tokens';

export interface AuthenticatedUser {
  id: number;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

/** Checks an access token: its signature and claims, and that its session is still live. */
export interface AccessTokenChecker {
  authenticate(token: string): Promise<AccessClaims>;
}

const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/i;

/**
 * Adds `request.user` and the `authenticate` pre-handler to the whole app: routes that need a signed-in
 * user add `onRequest: app.authenticate` (or `preHandler`) and read `signedInUser(request)`.
 */
export function registerAuthentication(app: FastifyInstance, checker: AccessTokenChecker) {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('www-authenticate', 'Bearer realm="api"');
    const header = request.headers.authorization;
    if (header === undefined) throw new NotAuthenticated();
    const match = BEARER.exec(header.trim());
    if (!match) throw new BadAuthorizationHeader();
    try {
      const { userId, sessionId } = await checker.authenticate(match[1]!);
      request.user = { id: userId, sessionId };
    } catch (err) {
      // A database that cannot answer is our fault (5xx), not a reason to sign the user out.
      if (!(err instanceof InvalidAccessToken)) throw err;
      throw new TokenNotValid('Given token not valid for any token type');
    }
    reply.removeHeader('www-authenticate');
  });
}

/** The user `authenticate` found; only call it in routes that use that pre-handler. */
export function signedInUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new NotAuthenticated();
  return request.user;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` pre-handler; null on routes without it. */
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** A hook (onRequest or preHandler): answers 401 unless the request carries a valid access token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
