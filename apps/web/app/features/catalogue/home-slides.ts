import type { Category } from '@shop/domain';
import { categoryHref } from '~/lib/navigation';
import { toPlainText, truncate } from '~/lib/plain-text';
import type { HomeSlide } from './components/home-slider';

/** One slide per category that has a slider image, in the catalogue's order. */
export function toHomeSlides(categories: readonly Category[]): HomeSlide[] {
  return categories.flatMap((category) =>
    category.slider_image
      ? [
          {
            id: category.id,
            title: category.name,
            text: truncate(toPlainText(category.description), 120),
            href: categoryHref(category.slug),
            linkText: `Shop ${category.name}`,
            image: category.slider_image,
            alt: `${category.name} packaging`,
          },
        ]
      : [],
  );
}
