import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isLoopbackOrigin, type Config } from './config';
import type { Database } from './db/client';
import { frameworkErrors, registerErrorHandling } from './http/errors';
import { DOCUMENT_SECURITY_HEADERS, registerSecurityHeaders } from './http/security';
import { registerWellFormedText } from './http/well-formed-text';
import { registerAuthentication } from './modules/accounts/authenticate';
import { accountRoutes } from './modules/accounts/routes';
import { addressRoutes } from './modules/addresses/routes';
import { administrationRoutes } from './modules/administration/routes';
import { cartRoutes } from './modules/carts/routes';
import { catalogueRoutes } from './modules/catalogue/routes';
import { companyRoutes } from './modules/companies/routes';
import { companyOrderRoutes } from './modules/company-orders/routes';
import { contactRoutes } from './modules/contact/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { devMailboxRoutes } from './modules/dev-mailbox/routes';
import { buyerDocumentRoutes } from './modules/documents/routes';
import { healthRoutes } from './modules/health/routes';
import { itemRoutes } from './modules/items/routes';
import { listRoutes } from './modules/lists/routes';
import { startReconciliation } from './modules/orders/reconcile';
import { orderRoutes } from './modules/orders/routes';
import type { Payments } from './modules/payments/payments';
import { paymentRoutes } from './modules/payments/routes';
import { startTestWebhookDelivery } from './modules/payments/test-processor/processor';
import { testProcessorRoutes } from './modules/payments/test-processor/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { quickOrderRoutes } from './modules/quick-order/routes';
import { quoteAcceptRoutes } from './modules/quotes/accept-routes';
import { quoteRoutes } from './modules/quotes/routes';
import { startReceivablesSchedule } from './modules/receivables/schedule';
import { companyStatementRoutes } from './modules/receivables/statement-routes';
import { reorderRoutes } from './modules/reorder/routes';
import { stockAlertRoutes } from './modules/stock-alerts/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { createServices, type RouteOptions, type Services } from './services';

/** Bodies over 1 MB are refused (DESIGN §4.10). */
export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Registers the storefront (pages and assets) after the API; the server passes it. */
  storefront?: (app: FastifyInstance, services: Services) => Promise<void>;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: Writable;
  /** The card provider in place of the configured one (tests: Stripe's SDK against a fake server). */
  payments?: Payments;
}

/** Paths never written to the logs in full (secrets travel in these). */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'body.password',
  'body.code',
  'body.new_password',
  'body.current_password',
  'body.confirm_new_password',
  'body.verification_token',
  'body.refresh',
  'body.token',
  // A driver error may carry its connection (pg-pool's idle errors), whose parameters hold the password.
  'err.client',
];

/** What an operator must know about the configuration, logged once when the app is built. */
function logConfigurationNotes(log: FastifyBaseLogger, config: Config) {
  if (!config.smtpUrl) {
    const where = config.devMailbox
      ? 'readable at /dev/mailbox from this machine only'
      : 'set DEV_MAILBOX=true to read it at /dev/mailbox from this machine';
    const message = `SMTP_URL is not set: e-mail stays in the outbox, ${where}`;
    if (config.env === 'production') log.warn(message);
    else log.info(message);
  }
  if (config.env === 'production' && config.devMailbox) {
    log.warn(
      'DEV_MAILBOX=true in production: every e-mail, sign-up and reset codes included, is readable at ' +
        '/api/dev/mailbox/ by anyone who can run a program on this machine',
    );
  }
  if (config.payments.provider === 'test') {
    if (isLoopbackOrigin(config.publicUrl)) {
      log.info('Payments: the built-in test processor (test cards only, no real money)');
    } else {
      log.warn(
        `PAYMENT_PROVIDER=test on ${config.publicUrl}: a staging shop that takes test cards and no real money; ` +
          'its pages, e-mails and documents say so. Set PAYMENT_PROVIDER=stripe and the STRIPE_* keys to sell',
      );
    }
  }
}

/** Builds the whole application without listening, so tests can `inject` into it. */
export async function buildApp({ config, database, storefront, logStream, payments }: BuildOptions) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: REDACT,
      ...(logStream
        ? { stream: logStream }
        : config.env === 'development'
          ? { transport: { target: 'pino-pretty' } }
          : {}),
    },
    bodyLimit: BODY_LIMIT,
    // URLs the router refuses before any hook runs (bad percent-encoding, over-long ids) answer DRF-style.
    frameworkErrors,
    trustProxy: config.trustProxy,
    // One line per request, written when it completes (below), instead of Fastify's two.
    disableRequestLogging: true,
    return503OnClosing: true,
    routerOptions: { ignoreDuplicateSlashes: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  logConfigurationNotes(app.log, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerWellFormedText(app);
  app.addHook('onResponse', (request, reply, done) => {
    // Probes (health checks) stay out of the log unless they fail.
    if (request.routeOptions.config.quiet && reply.statusCode < 500) return done();
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
    done();
  });

  const services = createServices(database, config, app.log, payments);
  app.decorate('services', services);
  // Every route plugin is registered with the same options: the services, built once, and the configuration.
  const routes: RouteOptions = { services, config };
  registerAuthentication(app, services.accounts);
  database.onConnectionError((err) =>
    app.log.warn({ err }, 'an idle database connection failed; the pool replaces it'),
  );
  // Catalogue writes from any process (or by hand) clear this process's catalogue caches within a second.
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await database.listen(
      'catalogue_changed',
      () => services.catalogueChanges.changed(),
      (err) => app.log.warn({ err }, 'lost the catalogue change notifications; listening again'),
    );
  });
  app.addHook('onClose', async () => stopListening?.());
  const { testProcessor } = services.payments;
  if (testProcessor && config.env !== 'test') {
    // The test processor delivers its webhook events as Stripe would, from outside any request. API tests
    // deliver them by hand instead, to choose when, how often and in which order.
    let delivery: ReturnType<typeof startTestWebhookDelivery> | undefined;
    app.addHook('onReady', async () => {
      delivery = startTestWebhookDelivery(testProcessor, app.log);
    });
    app.addHook('onClose', async () => delivery?.stop());
  }
  if (config.env !== 'test') {
    // Settles paid payments whose order the browser and the webhook both failed to make (orders/reconcile.ts).
    // API tests run its passes by hand.
    let reconciliation: ReturnType<typeof startReconciliation> | undefined;
    app.addHook('onReady', async () => {
      reconciliation = startReconciliation({
        db: database.db,
        orders: services.orders,
        provider: services.payments.provider,
        log: app.log,
        detailsWaitMs: config.paymentDetailsWaitMinutes * 60_000,
      });
    });
    app.addHook('onClose', async () => reconciliation?.stop());

    // Payment reminders, automatic holds and monthly statements (modules/receivables/schedule.ts): every process
    // runs it, and each effect happens once however many do. API tests run its passes by hand.
    let receivables: ReturnType<typeof startReceivablesSchedule> | undefined;
    app.addHook('onReady', async () => {
      receivables = startReceivablesSchedule({
        db: database.db,
        log: app.log,
        intervalMs: config.receivablesIntervalSeconds * 1000,
      });
    });
    app.addHook('onClose', async () => receivables?.stop());
  }

  await app.register(
    async (api) => {
      await api.register(swagger, {
        openapi: {
          info: {
            title: 'Packaging shop API',
            description: 'The storefront’s API: DRF-style pages and errors under /api/.',
            version: '0.1.0',
          },
          components: {
            securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
          },
        },
        transform: jsonSchemaTransform,
      });
      // The docs page is an HTML document: it gets what pages get on top of the API's headers.
      await api.register(async (docs) => {
        docs.addHook('onRequest', (_request, reply, done) => {
          reply.headers(DOCUMENT_SECURITY_HEADERS);
          done();
        });
        await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
      });
      await api.register(healthRoutes, routes);
      await api.register(catalogueRoutes, routes);
      await api.register(itemRoutes, routes);
      await api.register(pricingRoutes, routes);
      await api.register(cartRoutes, routes);
      await api.register(deliveryRoutes, routes);
      await api.register(quickOrderRoutes, routes);
      await api.register(addressRoutes, routes);
      await api.register(companyRoutes, routes);
      await api.register(orderRoutes, routes);
      await api.register(companyOrderRoutes, routes);
      await api.register(companyStatementRoutes, routes);
      await api.register(reorderRoutes, routes);
      await api.register(quoteAcceptRoutes, routes);
      await api.register(quoteRoutes, routes);
      await api.register(stockAlertRoutes, routes);
      await api.register(listRoutes, routes);
      await api.register(buyerDocumentRoutes, routes);
      await api.register(paymentRoutes, routes);
      await api.register(testProcessorRoutes, routes);
      await api.register(contactRoutes, routes);
      await api.register(accountRoutes, routes);
      await api.register(administrationRoutes, { ...routes, prefix: '/administration' });
      if (config.devMailbox) await api.register(devMailboxRoutes, routes);
      // Unknown API paths answer JSON, never a page.
      api.setNotFoundHandler((request, reply) => reply.code(404).send({ detail: 'Not found.' }));
    },
    { prefix: '/api' },
  );

  // Uploaded product images (the back office writes them under DATA_DIR), with or without the storefront.
  await app.register(uploadRoutes, routes);
  if (storefront) await storefront(app, services);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services (tests reach the test processor through it). */
    services: Services;
  }
  interface FastifyContextConfig {
    /** Leave successful answers of this route out of the request log. */
    quiet?: boolean;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
