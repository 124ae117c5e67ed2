import { Link } from 'react-router';
import { AccountSection } from './account-section';

/** My account's way to the saved lists: the buyer's own and their company's shared ones. */
export function SavedListsSection() {
  return (
    <AccountSection
      title="Saved lists"
      intro="Lists of the items you order again and again, yours and your company’s, to put in your cart in one go."
    >
      <p className="account-section__links">
        <Link to="/account/lists">Your saved lists</Link>
      </p>
    </AccountSection>
  );
}
