import {
  ApprovalDeclineSchema,
  ApprovalFiltersSchema,
  ApprovalViewSchema,
  CompanyInvoiceViewSchema,
  CompanyOrderFiltersSchema,
  CompanyOrderViewSchema,
  OrderViewSchema,
  ReorderResultSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RouteOptions } from '../../services';

/**
 * A trade account's orders, invoices and held orders. Every call is a signed-in member's; the
 * service reads the membership and role on each request (404 without a company, 403 without the role).
 */
export const companyOrderRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { companyOrders } },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const secured = { security: [{ bearerAuth: [] }], tags: ['trade accounts'] };
  const approvalId = z.object({ id: queryId });

  app.get(
    '/account/company/orders/',
    {
      schema: {
        ...secured,
        summary: 'The company’s orders, newest first, by buyer, PO number and status (administrators)',
        querystring: PageQuerySchema.extend(CompanyOrderFiltersSchema.shape).strict(),
        response: { 200: pageSchema(CompanyOrderViewSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { page, page_size, ...filters } = request.query;
      const { count, results } = await companyOrders.listOrders(signedInUser(request).id, filters, {
        page,
        page_size,
      });
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/account/company/invoices/',
    {
      schema: {
        ...secured,
        summary: 'The company’s invoices, newest first (every member)',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(CompanyInvoiceViewSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { count, results } = await companyOrders.listInvoices(signedInUser(request).id, request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/account/company/approvals/',
    {
      schema: {
        ...secured,
        summary: 'Held orders: the company’s for approvers and administrators, a buyer’s own for a buyer',
        querystring: PageQuerySchema.extend(ApprovalFiltersSchema.shape).strict(),
        response: { 200: pageSchema(ApprovalViewSchema) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { page, page_size, status } = request.query;
      const { count, results } = await companyOrders.listApprovals(signedInUser(request).id, status, {
        page,
        page_size,
      });
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/account/company/approvals/:id/',
    {
      schema: {
        ...secured,
        summary: 'One held order',
        params: approvalId,
        response: { 200: ApprovalViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => companyOrders.getApproval(signedInUser(request).id, request.params.id),
  );

  app.post(
    '/account/company/approvals/:id/approve/',
    {
      schema: {
        ...secured,
        summary:
          'Approve a held order: it is placed now, or refused (409) when stock or credit has run out (approvers)',
        params: approvalId,
        response: { 200: z.object({ approval: ApprovalViewSchema, order: OrderViewSchema }) },
      },
      onRequest: app.authenticate,
    },
    async (request) => companyOrders.approve(signedInUser(request).id, request.params.id),
  );

  app.post(
    '/account/company/approvals/:id/decline/',
    {
      schema: {
        ...secured,
        summary: 'Decline a held order with a reason the buyer reads (approvers)',
        params: approvalId,
        body: ApprovalDeclineSchema,
        response: { 200: ApprovalViewSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      companyOrders.decline(signedInUser(request).id, request.params.id, request.body.reason),
  );

  app.post(
    '/account/company/approvals/:id/add-to-cart/',
    {
      schema: {
        ...secured,
        summary:
          'Puts the lines of the caller’s own declined approval request back in their cart at today’s prices',
        params: approvalId,
        response: { 200: ReorderResultSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => companyOrders.addToCart(signedInUser(request).id, request.params.id),
  );
};
