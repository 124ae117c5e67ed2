import type { CatalogueReader } from '@shop/domain';
import type { Services } from '../services';

/** The read functions handed to the storefront's server loaders: the API's own services, in-process. */
export function createCatalogueReader({ catalogue, items }: Services): CatalogueReader {
  return {
    listCategories: async () => (await catalogue.listCategories({ page: 1, page_size: 100 })).results,
    listMenu: () => catalogue.listMenu(),
    getCategoryBySlug: (slug) => catalogue.getCategoryBySlug(slug),
    listProductsByCategory: (slug, page) => catalogue.listProducts({ category: slug }, page),
    listFeaturedProducts: () => catalogue.listFeaturedProducts(),
    getProduct: (categorySlug, productSlug) => catalogue.getProduct(categorySlug, productSlug),
    getProductPage: (categorySlug, productSlug) => catalogue.getProductPage(categorySlug, productSlug),
    getProductCategorySlug: (productSlug) => catalogue.getProductCategorySlug(productSlug),
    searchItemsBySize: (search, page) => items.searchBySize(search, page),
    listSitemapEntries: () => catalogue.listSitemapEntries(),
  };
}
