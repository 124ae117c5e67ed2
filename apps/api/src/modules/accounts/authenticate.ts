import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '../../db/schema';
import { BadAuthorizationHeader, NotAuthenticated, PermissionDenied, TokenNotValid } from './errors';
import { type AccessClaims, InvalidAccessToken } from './tokens';

export interface AuthenticatedUser {
  id: number;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** Read from the database on every request, so a role change applies to the user's next request. */
  role: UserRole;
  email: string;
}

/** Checks an access token: its signature and claims, that its session is still live, and the user's role. */
export interface AccessTokenChecker {
  authenticate(token: string): Promise<AccessClaims & { role: UserRole; email: string }>;
}

/** What each back-office role may do: staff run the shop; owners also manage staff and read the audit log. */
const ROLE_RANK: Record<UserRole, number> = { customer: 0, staff: 1, owner: 2 };

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
      const { userId, sessionId, role, email } = await checker.authenticate(match[1]!);
      request.user = { id: userId, sessionId, role, email };
    } catch (err) {
      // A database that cannot answer is our fault (5xx), not a reason to sign the user out.
      if (!(err instanceof InvalidAccessToken)) throw err;
      throw new TokenNotValid('Given token not valid for any token type');
    }
    reply.removeHeader('www-authenticate');
  });
  for (const role of ['staff', 'owner'] as const) {
    app.decorate(role === 'staff' ? 'requireStaff' : 'requireOwner', async (request, reply) => {
      // Owner-only routes sit inside the staff-only plugin: the session is checked once per request.
      if (!request.user) await app.authenticate(request, reply);
      if (ROLE_RANK[request.user!.role] < ROLE_RANK[role]) throw new PermissionDenied();
    });
  }
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
    /** `authenticate`, then 403 unless the user is staff or an owner (the back office). */
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** `authenticate`, then 403 unless the user is an owner (staff management, the audit log). */
    requireOwner: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
