import type { Route } from './+types/home';
import { CategoryCards } from '~/features/catalogue/components/category-cards';
import { HomeSlider } from '~/features/catalogue/components/home-slider';
import { Industries } from '~/features/catalogue/components/industries';
import { ProductGrid } from '~/features/catalogue/components/product-card';
import { QuoteBanner } from '~/features/catalogue/components/quote-banner';
import { WhyChooseUs } from '~/features/catalogue/components/why-choose-us';
import { selectHomeCategories } from '~/features/catalogue/home-categories';
import { toHomeSlides } from '~/features/catalogue/home-slides';
import { toProductCard } from '~/features/catalogue/product-card-data';
import { JsonLd, organizationJsonLd } from '~/lib/json-ld';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import { SHOP } from '~/lib/shop';

export async function loader({ context }: Route.LoaderArgs) {
  const [categories, featured] = await Promise.all([
    context.catalogue.listCategories(),
    context.catalogue.listFeaturedProducts(),
  ]);
  return {
    categories: selectHomeCategories(categories),
    slides: toHomeSlides(categories),
    products: featured.map(toProductCard),
    origin: context.origin,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const firstSlide = loaderData?.slides[0];
  return pageMeta({
    title: `${SHOP.name} — ${SHOP.tagline}`,
    description:
      'Pallet wraps, mailing bags, tapes, food packaging and labels for UK businesses, with trade prices by box and pallet and next-day delivery from PackRight Supplies.',
    url: loaderData ? absoluteUrl(loaderData.origin, '/') : undefined,
    image: loaderData && firstSlide ? absoluteUrl(loaderData.origin, firstSlide.image) : undefined,
    imageAlt: firstSlide?.alt,
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, slides, products, origin } = loaderData;
  return (
    <div className="page home">
      <JsonLd data={organizationJsonLd(origin)} />
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title" className="hero__title">
          {SHOP.name} — <span className="hero__tagline">{SHOP.tagline}</span>
        </h1>
        <p className="hero__lead">
          Wraps, bags, food packaging, tapes and labels for businesses across the United Kingdom.
        </p>
      </section>
      <HomeSlider slides={slides} label="Our packaging ranges" />
      {categories.length > 0 ? (
        <section className="home-section" aria-labelledby="home-categories">
          <h2 id="home-categories" className="section-title">
            Shop by category
          </h2>
          <CategoryCards categories={categories} />
        </section>
      ) : null}
      {products.length > 0 ? (
        <section className="home-section" aria-labelledby="home-products">
          <h2 id="home-products" className="section-title">
            Find Your Perfect Packing Solutions
          </h2>
          <ProductGrid products={products} showCategory eagerCount={0} />
        </section>
      ) : null}
      <Industries headingId="home-industries" />
      <WhyChooseUs headingId="home-reasons" />
      <QuoteBanner headingId="home-quote" />
    </div>
  );
}
