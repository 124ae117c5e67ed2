import type { AuthenticationType } from '@shop/domain';
import { DomainError } from '../../http/errors';

/** 401 for an expired, forged or otherwise unusable token; the client then refreshes once. */
export class TokenNotValid extends DomainError {
  constructor(detail = 'Token is invalid or expired') {
    super(detail, 401, { detail, code: 'token_not_valid' });
  }
}

/** 401 for an Authorization header that is not `Bearer <token>`. */
export class BadAuthorizationHeader extends DomainError {
  constructor(detail = 'Authorization header must contain two space-delimited values') {
    super(detail, 401, { detail, code: 'bad_authorization_header' });
  }
}

/** 401 when a route needs a user and the request names none. */
export class NotAuthenticated extends DomainError {
  constructor(detail = 'Authentication credentials were not provided.') {
    super(detail, 401, { detail, code: 'not_authenticated' });
  }
}

/** 403 when the signed-in user's role may not do this: DRF's PermissionDenied, `{"detail": …}` alone. */
export class PermissionDenied extends DomainError {
  constructor(detail = 'You do not have permission to perform this action.') {
    super(detail, 403);
  }
}

/**
 * 400 from email-authentication/: the spec's answer shape with `success: false`, plus `detail` with the same
 * text so the client's generic normalisation (spec 1, §8) shows it. A failed code check leaves `exists` out,
 * so it says nothing about whether the address has an account.
 */
export class EmailAuthenticationFailed extends DomainError {
  constructor(answer: { exists?: boolean; authentication_type: AuthenticationType; message: string }) {
    super(answer.message, 400, { ...answer, success: false, detail: answer.message });
  }
}
