import type { Category } from '@shop/domain';
import { Link } from 'react-router';
import { toPlainText } from '~/lib/plain-text';

/** A category page's breadcrumb, title and description. */
export function CategoryHeader({ category }: { category: Category }) {
  const description = toPlainText(category.description);
  return (
    <header className="category-header">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <h1 className="page__title">{category.name}</h1>
      {description ? <p className="category-header__description">{description}</p> : null}
    </header>
  );
}
