import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { UserRole } from '../../db/schema';

/** Access tokens live 15 minutes (DESIGN §1, §4.9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A refresh token lives 14 days from its last use, and its family 30 days from the sign-in. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60_000;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60_000;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const VERIFICATION_TOKEN_TTL_MS = 15 * 60_000;

export const ISSUER = 'packright-shop';
export const AUDIENCE = 'packright-shop:api';
/** RFC 9068's media type for access tokens, so no other JWT of ours can pass for one. */
export const ACCESS_TOKEN_TYP = 'at+jwt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a valid access token says: its user, and the session (refresh-token family) it belongs to. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** Any reason an access token is not accepted; the caller answers token_not_valid. */
export class InvalidAccessToken extends Error {}

export interface SigningSecrets {
  current: string;
  /** Still accepted when verifying, so a rotation does not end every session at once. */
  previous: string[];
}

/** A secret's key id (the `kid` header): names the key without revealing it. */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url').slice(0, 12);
}

function keyOf(secret: string) {
  return { kid: keyIdOf(secret), key: new TextEncoder().encode(secret) };
}

/** Signs and checks access tokens (HS256 only) and keys the hash of e-mailed codes. */
export function createTokenService(secrets: SigningSecrets) {
  const current = keyOf(secrets.current);
  const keys = new Map([current, ...secrets.previous.map(keyOf)].map(({ kid, key }) => [kid, key]));
  // A key of its own for codes, derived from the secret, so a database copy alone cannot test codes.
  const codeKey = createHmac('sha256', secrets.current).update('packright/otp-code/v1').digest();

  return {
    /** An access token of the session (refresh-token family) `sessionId`, which must stay live for it to work. */
    /**
     * `role` is a hint for the browser (it shows the Admin menu entry); the server never trusts it and reads
     * the role from the database on every request.
     */
    async signAccessToken(userId: number, sessionId: string, role: UserRole = 'customer'): Promise<string> {
      return new SignJWT({ token_type: 'access', sid: sessionId, role })
        .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYP, kid: current.kid })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .setJti(randomBytes(12).toString('base64url'))
        .sign(current.key);
    },

    /**
     * The user and session an access token names, by its signature and claims alone; throws InvalidAccessToken
     * for anything else. Whether the session is still live is the caller's question (accounts service).
     */
    async verifyAccessToken(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(
          token,
          (header) => {
            const key = header.kid === undefined ? undefined : keys.get(header.kid);
            if (!key) throw new InvalidAccessToken('unknown key');
            return key;
          },
          {
            algorithms: ['HS256'],
            issuer: ISSUER,
            audience: AUDIENCE,
            typ: ACCESS_TOKEN_TYP,
            requiredClaims: ['sub', 'exp', 'iat', 'jti', 'sid'],
          },
        );
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (
          payload.token_type !== 'access' ||
          !Number.isSafeInteger(userId) ||
          userId < 1 ||
          userId > 2_147_483_647 ||
          typeof sessionId !== 'string' ||
          !UUID.test(sessionId)
        ) {
          throw new InvalidAccessToken('not an access token');
        }
        return { userId, sessionId };
      } catch (err) {
        if (err instanceof InvalidAccessToken) throw err;
        throw new InvalidAccessToken('invalid', { cause: err });
      }
    },

    /** A client address as stored beside a code: keyed, so the table holds no addresses. */
    hashClient(client: string): string {
      return createHmac('sha256', codeKey).update(`client\n${client}`).digest('base64url').slice(0, 22);
    },

    /** The stored form of an e-mailed code, bound to the address and purpose it was made for. */
    hashCode(email: string, purpose: string, code: string): string {
      return createHmac('sha256', codeKey).update(`${purpose}\n${email}\n${code}`).digest('hex');
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/** A 6-digit code from the CSPRNG (DESIGN §4.1: about 20 bits). */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** An opaque token: 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored as their SHA-256 (they have 256 bits of entropy, so no salt or key is needed). */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
