import {
  BankDetailsSettingsSchema,
  BankDetailsViewSchema,
  DeliverySettingsSchema,
  DeliverySettingsViewSchema,
  InvoiceSettingsSchema,
  ReceivablesSettingsSchema,
  ReceivablesSettingsViewSchema,
  ShippingSettingsSchema,
  ShopSettingsViewSchema,
  StockAlertSettingsSchema,
  StockAlertSettingsViewSchema,
  VatRateSettingSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit';
import type { RouteOptions } from '../../../services';

const tags = ['administration: settings'];
const security = [{ bearerAuth: [] }];

/** settings/: the shop's invoice details, VAT rate and delivery rates (DESIGN §4.8). */
export const settingsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const settings = services.administration.settings;

  app.get(
    '/settings/',
    {
      schema: {
        tags,
        security,
        summary: 'The settings the back office edits, with their defaults where none were saved',
        response: { 200: ShopSettingsViewSchema },
      },
    },
    async () => settings.getSettings(),
  );

  app.put(
    '/settings/invoice/',
    {
      schema: {
        tags,
        security,
        summary: 'The shop’s details on its VAT invoices: legal name, address, VAT and company numbers',
        body: InvoiceSettingsSchema,
        response: { 200: ShopSettingsViewSchema.shape.invoice },
      },
    },
    async (request) => settings.putInvoice(actorOf(request), request.body),
  );

  app.put(
    '/settings/vat-rate/',
    {
      schema: {
        tags,
        security,
        summary: 'The VAT rate for new carts and orders (placed orders keep theirs)',
        body: VatRateSettingSchema,
        response: { 200: VatRateSettingSchema },
      },
    },
    async (request) => settings.putVatRate(actorOf(request), request.body.vat_rate),
  );

  app.put(
    '/settings/shipping/',
    {
      schema: {
        tags,
        security,
        summary: 'Delivery rates and thresholds for new carts and orders',
        body: ShippingSettingsSchema,
        response: { 200: ShopSettingsViewSchema.shape.shipping },
      },
    },
    async (request) => settings.putShipping(actorOf(request), request.body),
  );

  app.get(
    '/settings/bank/',
    {
      schema: {
        tags,
        security,
        summary: 'The bank details printed on invoices on account (null until set)',
        response: { 200: BankDetailsViewSchema },
      },
    },
    async () => settings.getBank(),
  );

  app.put(
    '/settings/bank/',
    {
      schema: {
        tags,
        security,
        summary: 'The bank details for invoices on account issued from now on (issued ones keep theirs)',
        body: BankDetailsSettingsSchema,
        response: { 200: BankDetailsViewSchema },
      },
    },
    async (request) => settings.putBank(actorOf(request), request.body),
  );

  app.get(
    '/settings/receivables/',
    {
      schema: {
        tags,
        security,
        summary:
          'When payment reminders go, when an overdue invoice puts its company on hold, monthly statements',
        response: { 200: ReceivablesSettingsViewSchema },
      },
    },
    async () => settings.getReceivables(),
  );

  app.put(
    '/settings/receivables/',
    {
      schema: {
        tags,
        security,
        summary: 'The receivables settings, used from the schedule’s next pass',
        body: ReceivablesSettingsSchema,
        response: { 200: ReceivablesSettingsViewSchema },
      },
    },
    async (request) => settings.putReceivables(actorOf(request), request.body),
  );

  app.get(
    '/settings/stock-alerts/',
    {
      schema: {
        tags,
        security,
        summary: 'How many days a back-in-stock alert is kept once its e-mail has gone',
        response: { 200: StockAlertSettingsViewSchema },
      },
    },
    async () => settings.getStockAlerts(),
  );

  app.put(
    '/settings/stock-alerts/',
    {
      schema: {
        tags,
        security,
        summary: 'The retention of spent back-in-stock alerts, used from the schedule’s next pass',
        body: StockAlertSettingsSchema,
        response: { 200: StockAlertSettingsViewSchema },
      },
    },
    async (request) => settings.putStockAlerts(actorOf(request), request.body),
  );

  app.get(
    '/settings/delivery/',
    {
      schema: {
        tags,
        security,
        summary:
          'Delivery zones and their services, prices, the cut-off and closing days, with the shipped bank holidays',
        response: { 200: DeliverySettingsViewSchema },
      },
    },
    async () => settings.getDelivery(),
  );

  app.put(
    '/settings/delivery/',
    {
      schema: {
        tags,
        security,
        summary:
          'The delivery settings, used by the next cart, quote and order; the mainland rates are shipping/’s',
        body: DeliverySettingsSchema,
        response: { 200: DeliverySettingsViewSchema },
      },
    },
    async (request) => settings.putDelivery(actorOf(request), request.body),
  );
};
