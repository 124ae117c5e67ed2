import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('category/:slug', 'routes/category.tsx'),
  route('search', 'routes/search.tsx'),
  route('search-advance', 'routes/search-advance.tsx'),
  route('details/:categorySlug/:productSlug', 'routes/product.tsx'),
  route('product-details', 'routes/product-details.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('refund-policy', 'routes/refund-policy.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-services', 'routes/terms-of-services.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('change-password', 'routes/change-password.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('track-order', 'routes/track-order.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('dev/mailbox', 'routes/dev-mailbox.tsx'),
  // The back office (issue 11): its own route modules, loaded only when a staff member opens /admin.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      // Each area's screens: routes/admin/<area>*.tsx.
    ]),
  ]),
  route('sitemap.xml', 'routes/sitemap[.]xml.tsx'),
  route('robots.txt', 'routes/robots[.]txt.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
