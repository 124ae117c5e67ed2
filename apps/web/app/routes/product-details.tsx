import { Link } from 'react-router';
import { SimplePage } from '~/components/ui/simple-page';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({
    title: 'Product details',
    description: 'Sizes, pack prices and stock of our packaging products.',
    noIndex: true,
  });

/** The spec's /product-details needs a product in the address; without one there is nothing to show. */
export default function ProductDetailsPage() {
  return (
    <SimplePage title="Product details">
      <p>Choose a product from the menu or search.</p>
      <p>
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      </p>
    </SimplePage>
  );
}
