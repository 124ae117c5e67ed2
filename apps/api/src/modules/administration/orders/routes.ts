import {
  AdminOrderDetailSchema,
  AdminOrderRowSchema,
  AdminRefundViewSchema,
  ORDER_DUE_FILTERS,
  ORDER_STATUSES,
  OrderRefundCreateSchema,
  OrderStatusChangeSchema,
  PAYMENT_STATUSES,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, paginate } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { documentRoutes } from '../../documents/routes';
import { logProviderFailures } from '../../payments/routes';
import { actorOf } from '../audit';
import { listQuerySchema, orderingOf } from '../listing';
import type { OrderSort } from './queries';
import type { OrderListRequest } from './service';
import type { RouteOptions } from '../../../services';

const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD.';
/** A UK calendar day; years before 1900 are typing mistakes (and year 0 is no date to PostgreSQL). */
const day = z.iso
  .date({ message: DATE_MESSAGE })
  .refine((value) => value >= '1900-01-01', DATE_MESSAGE)
  .optional();

const OrderListQuerySchema = listQuerySchema(
  ['created_at', 'total', 'id', 'dispatch_by'] as const,
  '-created_at',
)
  .extend({
    status: z.enum(ORDER_STATUSES).optional(),
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
    date_from: day,
    date_to: day,
    /** The customer's user id, or part of their e-mail, name or company. */
    customer: z.string().trim().min(1).max(100).optional(),
    /** An exact SKU of one of the order's lines. */
    sku: z.string().trim().min(1).max(64).optional(),
    /** The start of a purchase-order number, any case. */
    purchase_order_number: z.string().trim().min(1).max(50).optional(),
    /** Dispatch-by UK days, both included. */
    dispatch_by_from: day,
    dispatch_by_to: day,
    /** Orders still to ship due out today, or past their dispatch-by day (UK days). */
    due: z.enum(ORDER_DUE_FILTERS).optional(),
  })
  .strict()
  .superRefine((query, ctx) => {
    for (const [from, to] of [
      ['date_from', 'date_to'],
      ['dispatch_by_from', 'dispatch_by_to'],
    ] as const) {
      const [start, end] = [query[from], query[to]];
      if (start && end && start > end) {
        ctx.addIssue({
          code: 'custom',
          path: [to],
          message: 'The end date must be on or after the start date.',
        });
      }
    }
  });
type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

const OrderPageSchema = pageSchema(AdminOrderRowSchema).extend({
  /** True when there are more than `count` matches (the count stops at 10,000). */
  count_capped: z.boolean(),
});

const OrderParamsSchema = z.object({ id: queryId });

const tags = ['administration: orders'];
const security = [{ bearerAuth: [] }];

/** The list's filters; `q` is an order number (#123 or 123) or, like `customer`, a customer's text. */
function filtersOf(query: OrderListQuery): OrderListRequest['filters'] {
  const filters: OrderListRequest['filters'] = {
    status: query.status,
    paymentStatus: query.payment_status,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    sku: query.sku,
    purchaseOrderNumber: query.purchase_order_number,
    dispatchByFrom: query.dispatch_by_from,
    dispatchByTo: query.dispatch_by_to,
    due: query.due,
    customerTexts: [],
  };
  if (query.customer) {
    if (/^\d{1,9}$/.test(query.customer)) filters.customerId = Number(query.customer);
    else filters.customerTexts!.push(query.customer);
  }
  if (query.q) {
    const orderNumber = /^#?(\d{1,9})$/.exec(query.q);
    if (orderNumber) filters.orderId = Number(orderNumber[1]);
    else filters.customerTexts!.push(query.q);
  }
  return filters;
}

/** orders/: the list with its filters, one order, status moves (with shipping and cancelling) and refunds. */
export const orderAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const orders = services.administration.orders;
  logProviderFailures(app);

  app.get(
    '/orders/',
    {
      schema: {
        tags,
        security,
        summary:
          'Orders, newest first or by total, number or dispatch-by day; filter by status, payment status, UK dates, ' +
          'customer, SKU, the start of a purchase-order number, dispatch-by days and what is due out today or ' +
          'overdue',
        querystring: OrderListQuerySchema,
        response: { 200: OrderPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { count, capped, results } = await orders.listOrders({
        page: query.page,
        page_size: query.page_size,
        filters: filtersOf(query),
        ordering: orderingOf<OrderSort>(query.ordering),
      });
      return { ...paginate(request.url, query, count, results), count_capped: capped };
    },
  );

  app.get(
    '/orders/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One order: lines, addresses, totals, payments, refunds, status history and audit entries',
        params: OrderParamsSchema,
        response: { 200: AdminOrderDetailSchema },
      },
    },
    async (request) => orders.getOrder(request.params.id),
  );

  app.post(
    '/orders/:id/status/',
    {
      schema: {
        tags,
        security,
        summary:
          'Moves the order on (pending → processing → shipped → delivered; pending or processing → cancelled). ' +
          'Shipping needs the carrier and tracking number; cancelling restocks and refunds what was paid. ' +
          'The buyer is e-mailed.',
        params: OrderParamsSchema,
        body: OrderStatusChangeSchema,
        response: { 200: AdminOrderDetailSchema },
      },
    },
    async (request) => orders.changeStatus(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/refunds/',
    {
      schema: {
        tags,
        security,
        summary:
          'Refunds an amount (pence) or packs of lines through the payment provider, never more than was paid ' +
          'less what has been refunded; on account, issues the credit note at once and asks no provider. ' +
          'The buyer is e-mailed.',
        params: OrderParamsSchema,
        body: OrderRefundCreateSchema,
        response: { 201: AdminRefundViewSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await orders.refund(actorOf(request), request.params.id, request.body)),
  );

  // Any order's documents, for staff sending a buyer a copy (the plugin's requireStaff guards them).
  await app.register(documentRoutes, {
    documents: services.documents,
    tag: 'administration: orders',
    userOf: () => null,
  });
};
