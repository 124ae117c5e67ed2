import { useNavigate } from 'react-router';
import { showToast } from '~/components/ui/toasts';
import { API_MESSAGES, ApiError } from '~/lib/api-client';
import { clearSession } from '~/lib/session';

/**
 * A 401 that survived the client's one refresh ends the session here and opens the login page, to come back
 * to `from` (as My account's forms do). The returned function answers whether it dealt with the error.
 */
export function useSessionEnd(from: string) {
  const navigate = useNavigate();
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError && error.status === 401)) return false;
    clearSession();
    showToast(API_MESSAGES.sessionExpired, 'error');
    void navigate(`/login?from=${encodeURIComponent(from)}`, { replace: true });
    return true;
  };
}
