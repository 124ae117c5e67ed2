import { Link } from 'react-router';
import { AccountSection } from './account-section';

/** The password is changed on its own page (spec 1, /change-password); this points there. */
export function PasswordSection() {
  return (
    <AccountSection title="Password" intro="Changing your password logs you out on your other devices.">
      <p className="account-section__links">
        <Link to="/change-password">Change your password</Link>
      </p>
    </AccountSection>
  );
}
