import {
  AllocateCreditNoteSchema,
  AllocateCreditSchema,
  LedgerCreditNoteViewSchema,
  LedgerPaymentViewSchema,
  LedgerViewSchema,
  RecordPaymentSchema,
  ReversePaymentSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryId } from '../../http/query-ids';
import { staffOf } from '../administration/customers/routes';
import type { RouteOptions } from '../../services';

const CompanyParamsSchema = z.object({ id: queryId });
const PaymentParamsSchema = z.object({ id: queryId, payment: queryId });
const CreditNoteParamsSchema = z.object({ id: queryId, credit_note: queryId });

const tags = ['administration: receivables'];
const security = [{ bearerAuth: [] }];

/**
 * A company's ledger and the payments it sent, under administration/companies/{id}/: staff only
 * (the administration plugin's hook answers 401 and 403 before these run).
 */
export const receivablesAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const receivables = services.administration.receivables;

  app.get(
    '/companies/:id/ledger/',
    {
      schema: {
        tags,
        security,
        summary:
          'The company’s ledger as of today: balance, overdue, unapplied credit, aged buckets, invoices with what is open, payments with their allocations, and every entry with the running balance',
        params: CompanyParamsSchema,
        response: { 200: LedgerViewSchema },
      },
    },
    async (request) => receivables.ledger(request.params.id),
  );

  app.post(
    '/companies/:id/payments/',
    {
      schema: {
        tags,
        security,
        summary:
          'Records a payment received (amount, day, method, reference) with the given allocation, or the suggested one (open invoices oldest due first) without `allocations`; the rest stays as credit. 409 unless the company is approved',
        params: CompanyParamsSchema,
        body: RecordPaymentSchema,
        response: { 201: LedgerPaymentViewSchema },
      },
    },
    async (request, reply) => {
      const payment = await receivables.record(staffOf(request), request.params.id, request.body);
      return reply.code(201).send(payment);
    },
  );

  app.post(
    '/companies/:id/payments/:payment/reverse/',
    {
      schema: {
        tags,
        security,
        summary:
          'Reverses a payment recorded by mistake with an entry dated today (never deleted); the invoices it had closed open again. 409 when already reversed',
        params: PaymentParamsSchema,
        body: ReversePaymentSchema,
        response: { 201: LedgerPaymentViewSchema },
      },
    },
    async (request, reply) => {
      const payment = await receivables.reverse(
        staffOf(request),
        request.params.id,
        request.params.payment,
        request.body.reason,
      );
      return reply.code(201).send(payment);
    },
  );

  app.post(
    '/companies/:id/payments/:payment/allocate/',
    {
      schema: {
        tags,
        security,
        summary: 'Sets more of a payment’s unallocated part (credit on the account) against open invoices',
        params: PaymentParamsSchema,
        body: AllocateCreditSchema,
        response: { 200: LedgerPaymentViewSchema },
      },
    },
    async (request) =>
      receivables.allocate(
        staffOf(request),
        request.params.id,
        request.params.payment,
        request.body.allocations,
      ),
  );

  app.post(
    '/companies/:id/credit-notes/:credit_note/allocate/',
    {
      schema: {
        tags,
        security,
        summary:
          'Sets a credit note’s credit (what it covers beyond its own invoice, one already paid) against open invoices: the given allocation, or the suggested one (oldest due first) without `allocations`',
        params: CreditNoteParamsSchema,
        body: AllocateCreditNoteSchema,
        response: { 200: LedgerCreditNoteViewSchema },
      },
    },
    async (request) =>
      receivables.allocateCreditNote(
        staffOf(request),
        request.params.id,
        request.params.credit_note,
        request.body.allocations,
      ),
  );
};
