import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logoutEverywhere } from '../api/logout-everywhere';
import { ACCOUNT_MESSAGES, failureMessage } from '../account-rules';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { useSessionExpiry } from '../use-session-expiry';
import { showToast } from '~/components/ui/toasts';
import { AccountSection } from './account-section';

/**
 * Logs the account out on every device: the server ends every session, access tokens included,
 * then this browser forgets its token and the login page opens.
 */
export function SignOutEverywhereSection() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sessionExpired = useSessionExpiry('/account');

  const logOut = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await logoutEverywhere();
    } catch (error) {
      setBusy(false);
      if (!sessionExpired(error)) {
        setFailure(failureMessage(error, MY_ACCOUNT_MESSAGES.logoutEverywhereFailed));
      }
      return;
    }
    showToast(ACCOUNT_MESSAGES.loggedOutEverywhere, 'success');
    void navigate('/login', { replace: true });
  };

  return (
    <AccountSection
      title="Log out everywhere"
      intro="Lost a phone, or signed in on a shared computer? This logs you out on every device and browser, this one included."
    >
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <button type="button" className="button button--outline" disabled={busy} onClick={() => void logOut()}>
        {busy ? 'Logging out…' : 'Log out everywhere'}
      </button>
    </AccountSection>
  );
}
