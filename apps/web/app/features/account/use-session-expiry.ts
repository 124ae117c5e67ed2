import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from './account-rules';
import { showToast } from '~/components/ui/toasts';
import { ApiError } from '~/lib/api-client';
import { clearSession } from '~/lib/session';

/**
 * What a signed-in page does with a 401 that survived the client's one refresh (spec 1, §8, as the
 * change-password form does): the session here ends and the login page opens, to come back to `from`.
 * The returned function answers whether it dealt with the error.
 */
export function useSessionExpiry(from: string) {
  const navigate = useNavigate();
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError && error.status === 401)) return false;
    clearSession();
    showToast(ACCOUNT_MESSAGES.sessionExpired, 'error');
    void navigate(`/login?from=${encodeURIComponent(from)}`, { replace: true });
    return true;
  };
}
