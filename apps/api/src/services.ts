import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { resolveSigningSecrets } from './modules/accounts/secrets';
import { createAccountsService, type AccountsService } from './modules/accounts/service';
import { createTokenService, type TokenService } from './modules/accounts/tokens';
import { createAddressesService, type AddressesService } from './modules/addresses/service';
import { BookkeepingService } from './modules/administration/bookkeeping/service';
import { createCategoryAdminService } from './modules/administration/catalogue/categories/service';
import { createImageAdminService } from './modules/administration/catalogue/images/service';
import { createItemAdminService } from './modules/administration/catalogue/items/service';
import { createPriceTableAdminService } from './modules/administration/catalogue/price-table/service';
import { createProductAdminService } from './modules/administration/catalogue/products/service';
import { createStockAdminService } from './modules/administration/catalogue/stock/service';
import { createVariantAdminService } from './modules/administration/catalogue/variants/service';
import {
  createCompanyPricesService,
  type CompanyPricesService,
} from './modules/administration/companies/prices/service';
import {
  createCompaniesAdminService,
  type CompaniesAdminService,
} from './modules/administration/companies/service';
import { createCustomersService, type CustomersService } from './modules/administration/customers/service';
import { createDashboardService, type DashboardService } from './modules/administration/dashboard/service';
import {
  createImportExportService,
  type ImportExportService,
} from './modules/administration/import-export/service';
import { createMessagesService } from './modules/administration/messages/service';
import { createOrderAdminService, type OrderAdminService } from './modules/administration/orders/service';
import { createQuotesAdminService, type QuotesAdminService } from './modules/administration/quotes/service';
import { createSettingsService } from './modules/administration/settings/service';
import { createStaffService } from './modules/administration/staff/service';
import { createCartsService, type CartsService } from './modules/carts/service';
import { createCatalogueChanges, type CatalogueChanges } from './modules/catalogue/changes';
import { createCatalogueService, type CatalogueService } from './modules/catalogue/service';
import { createCompaniesService, type CompaniesService } from './modules/companies/service';
import { createCompanyOrdersService, type CompanyOrdersService } from './modules/company-orders/service';
import { createContactService, type ContactService } from './modules/contact/service';
import { createDeliveryService, type DeliveryService } from './modules/delivery/service';
import { createDevMailboxService, type DevMailboxService } from './modules/dev-mailbox/service';
import { createDocumentsService, type DocumentsService } from './modules/documents/service';
import { createHealthService, type HealthService } from './modules/health/service';
import { createItemsService, type ItemsService } from './modules/items/service';
import { createListsService, type ListsService } from './modules/lists/service';
import { createOrdersService, type OrdersService } from './modules/orders/service';
import { createPayments, type Payments } from './modules/payments/payments';
import { createPricingService, type PricingService } from './modules/pricing/service';
import { createQuickOrderService, type QuickOrderService } from './modules/quick-order/service';
import { createQuotesService, type QuotesService } from './modules/quotes/service';
import { createRateLimiter, type RateLimiter } from './modules/rate-limits/service';
import { createReceivablesService, type ReceivablesService } from './modules/receivables/service';
import { createStatementsService, type StatementsService } from './modules/receivables/statements';
import { createReorderService, type ReorderService } from './modules/reorder/service';
import { createStockAlertsService, type StockAlertsService } from './modules/stock-alerts/service';
import { uploadsDirectory } from './modules/uploads/directory';

/** The back office's services, one per area (the catalogue one per entity). */
export interface AdministrationServices {
  dashboard: DashboardService;
  orders: OrderAdminService;
  quotes: QuotesAdminService;
  categories: ReturnType<typeof createCategoryAdminService>;
  products: ReturnType<typeof createProductAdminService>;
  images: ReturnType<typeof createImageAdminService>;
  variants: ReturnType<typeof createVariantAdminService>;
  priceTable: ReturnType<typeof createPriceTableAdminService>;
  items: ReturnType<typeof createItemAdminService>;
  stock: ReturnType<typeof createStockAdminService>;
  importExport: ImportExportService;
  customers: CustomersService;
  companies: CompaniesAdminService;
  companyPrices: CompanyPricesService;
  receivables: ReceivablesService;
  staff: ReturnType<typeof createStaffService>;
  messages: ReturnType<typeof createMessagesService>;
  settings: ReturnType<typeof createSettingsService>;
  bookkeeping: BookkeepingService;
}

/** The app's services, built once by createServices; every route plugin reads its own from here. */
export interface Services {
  /** Catalogue writes, from any process: whatever caches catalogue reads subscribes. */
  catalogueChanges: CatalogueChanges;
  catalogue: CatalogueService;
  items: ItemsService;
  pricing: PricingService;
  carts: CartsService;
  delivery: DeliveryService;
  quickOrder: QuickOrderService;
  addresses: AddressesService;
  companies: CompaniesService;
  orders: OrdersService;
  companyOrders: CompanyOrdersService;
  statements: StatementsService;
  reorder: ReorderService;
  quotes: QuotesService;
  lists: ListsService;
  documents: DocumentsService;
  payments: Payments;
  contact: ContactService;
  rateLimiter: RateLimiter;
  tokens: TokenService;
  accounts: AccountsService;
  devMailbox: DevMailboxService;
  stockAlerts: StockAlertsService;
  health: HealthService;
  administration: AdministrationServices;
}

/** What every route plugin is registered with (plus its prefix, if any). */
export interface RouteOptions {
  services: Services;
  config: Config;
}

function createAdministrationServices(
  db: Database['db'],
  config: Config,
  log: FastifyBaseLogger,
  { payments, rateLimiter }: Pick<Services, 'payments' | 'rateLimiter'>,
): AdministrationServices {
  const { publicUrl } = config;
  const uploadsRoot = uploadsDirectory(config);
  return {
    dashboard: createDashboardService(db),
    orders: createOrderAdminService(db, { provider: payments.provider, log, publicUrl }),
    quotes: createQuotesAdminService(db, { publicUrl }),
    categories: createCategoryAdminService(db),
    products: createProductAdminService(db, { uploadsRoot }),
    images: createImageAdminService(db, { uploadsRoot }),
    variants: createVariantAdminService(db),
    priceTable: createPriceTableAdminService(db),
    items: createItemAdminService(db, { publicUrl }),
    stock: createStockAdminService(db, { publicUrl }),
    importExport: createImportExportService(db, { rateLimiter, publicUrl }),
    customers: createCustomersService(db),
    companies: createCompaniesAdminService(db, { publicUrl }),
    companyPrices: createCompanyPricesService(db),
    receivables: createReceivablesService(db),
    staff: createStaffService(db),
    messages: createMessagesService(db),
    settings: createSettingsService(db),
    bookkeeping: new BookkeepingService(db),
  };
}

/** Builds every service of the app once, over one database and configuration. */
export function createServices(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  givenPayments?: Payments,
): Services {
  const { db } = database;
  const rateLimiter = createRateLimiter(db);
  const secrets = resolveSigningSecrets(config, log);
  const tokens = createTokenService(secrets);
  const payments = givenPayments ?? createPayments(db, config, secrets.current, log);
  const catalogueChanges = createCatalogueChanges();
  const catalogue = createCatalogueService(db);
  catalogueChanges.subscribe(() => catalogue.invalidate());
  const carts = createCartsService(db);
  return {
    catalogueChanges,
    catalogue,
    items: createItemsService(db),
    pricing: createPricingService(db),
    carts,
    delivery: createDeliveryService(db, carts),
    quickOrder: createQuickOrderService(db),
    addresses: createAddressesService(db),
    companies: createCompaniesService(db, { publicUrl: config.publicUrl, rateLimiter }),
    orders: createOrdersService(db, {
      provider: payments.provider,
      log,
      rateLimiter,
      publicUrl: config.publicUrl,
    }),
    companyOrders: createCompanyOrdersService(db, carts),
    statements: createStatementsService(db),
    reorder: createReorderService(db, carts),
    quotes: createQuotesService(db, carts),
    lists: createListsService(db, carts),
    documents: createDocumentsService(db),
    payments,
    contact: createContactService(db),
    rateLimiter,
    tokens,
    accounts: createAccountsService(db, { tokens, rateLimiter, log }),
    devMailbox: createDevMailboxService(db, { testShop: payments.provider.name === 'test' }),
    stockAlerts: createStockAlertsService(db, { tokens, rateLimiter, publicUrl: config.publicUrl }),
    health: createHealthService(database),
    administration: createAdministrationServices(db, config, log, { payments, rateLimiter }),
  };
}
