import type { Category } from '@shop/domain';
import { Link } from 'react-router';
import { categoryHref } from '~/lib/navigation';
import { toPlainText, truncate } from '~/lib/plain-text';

interface CategoryCardsProps {
  categories: readonly Category[];
  /** The heading level of each card's title, under the section's heading. */
  headingLevel?: 'h2' | 'h3';
}

/** Category cards linking to their category pages. The whole card is clickable through its title link. */
export function CategoryCards({ categories, headingLevel: Heading = 'h3' }: CategoryCardsProps) {
  return (
    <ul className="category-cards">
      {categories.map((category, index) => (
        <li key={category.id} className="category-card">
          {category.image ? (
            <img
              className="category-card__image"
              src={category.image}
              alt={`${category.name} packaging`}
              width={400}
              height={300}
              // The first row is above the fold on most screens; the rest can wait.
              loading={index < 3 ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            // A category made in the back office without a picture keeps the cards' rhythm.
            <span className="category-card__image" aria-hidden="true" />
          )}
          <div className="category-card__body">
            <Heading className="category-card__title">
              <Link to={categoryHref(category.slug)} className="category-card__link">
                {category.name}
              </Link>
            </Heading>
            {category.description ? (
              <p className="category-card__text">{truncate(toPlainText(category.description), 140)}</p>
            ) : null}
            <span className="category-card__cta" aria-hidden="true">
              Shop {category.name} →
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
