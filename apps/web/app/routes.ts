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
  // My account's pages, with its menu beside them.
  layout('routes/account-layout.tsx', [
    route('account', 'routes/account.tsx'),
    // Trade accounts: the company, its application, and held orders for approvers.
    route('account/company', 'routes/account-company.tsx'),
    route('account/company/apply', 'routes/account-company-apply.tsx'),
    route('account/approvals', 'routes/account-approvals.tsx'),
    // Requests for quote: the buyer's quotes, each to accept and pay.
    route('account/quotes', 'routes/account-quotes.tsx'),
    route('account/quotes/:id', 'routes/account-quote.tsx'),
    // Saved lists: the buyer's own and their company's shared ones.
    route('account/lists', 'routes/account-lists.tsx'),
    route('account/lists/:id', 'routes/account-list.tsx'),
  ]),
  route('checkout', 'routes/checkout.tsx'),
  route('track-order', 'routes/track-order.tsx'),
  route('track-order/:id', 'routes/track-order-order.tsx'),
  // Where both ways of paying land, and the card provider's redirect returns (with the payment's id).
  route('order-confirmed/:id?', 'routes/order-confirmed.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('quick-order', 'routes/quick-order.tsx'),
  route('dev/mailbox', 'routes/dev-mailbox.tsx'),
  // The back office: its own route modules, loaded only when a staff member opens /admin.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      // Each area's screens: routes/admin/<area>*.tsx.
      route('customers', 'routes/admin/customers.tsx'),
      route('customers/:id', 'routes/admin/customer.tsx'),
      route('companies', 'routes/admin/companies.tsx'),
      route('companies/:id', 'routes/admin/company.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('messages/:id', 'routes/admin/message.tsx'),
      route('newsletter', 'routes/admin/newsletter.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('categories', 'routes/admin/categories.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/new', 'routes/admin/products-new.tsx'),
      route('products/:id', 'routes/admin/product.tsx'),
      route('variants/:id/prices', 'routes/admin/variant-prices.tsx'),
      route('items/new', 'routes/admin/item-new.tsx'),
      route('items/:id', 'routes/admin/item.tsx'),
      route('stock', 'routes/admin/stock.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:id', 'routes/admin/order.tsx'),
      route('quotes', 'routes/admin/quotes.tsx'),
      route('quotes/:id', 'routes/admin/quote.tsx'),
      route('import', 'routes/admin/import.tsx'),
      route('vat-return', 'routes/admin/vat-return.tsx'),
    ]),
  ]),
  route('sitemap.xml', 'routes/sitemap[.]xml.tsx'),
  route('robots.txt', 'routes/robots[.]txt.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
