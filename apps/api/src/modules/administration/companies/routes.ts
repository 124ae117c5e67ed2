import {
  AdminCompanyDetailSchema,
  AdminCompanyPageSchema,
  COMPANY_STATUSES,
  CompanyApproveSchema,
  CompanyCreditUpdateSchema,
  CompanyDeclineSchema,
  CompanyHoldSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { staffOf } from '../customers/routes';
import { listQuerySchema } from '../listing';
import type { RouteOptions } from '../../../services';

const CompanyParamsSchema = z.object({ id: queryId });

const CompanyListQuerySchema = listQuerySchema(['created_at', 'legal_name'], '-created_at')
  .omit({ q: true })
  .extend({
    status: z.enum(COMPANY_STATUSES).optional(),
    /** Legal or trading name, or Companies House number; trimmed, at most 100 characters. */
    search: z.string().trim().max(100).optional(),
  })
  .strict();

const tags = ['administration: companies'];
const security = [{ bearerAuth: [] }];

/** companies/: trade account applications and companies, staff's decisions, credit terms and holds. */
export const companyAdminRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const companies = services.administration.companies;

  app.get(
    '/companies/',
    {
      schema: {
        tags,
        security,
        summary:
          'Trade accounts, newest first or by legal name; filter by status, search legal or trading name and company number',
        querystring: CompanyListQuerySchema,
        response: { 200: AdminCompanyPageSchema },
      },
    },
    async (request) => {
      const { count, results } = await companies.listCompanies(request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.get(
    '/companies/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'One company: the application, the decision, credit, balance, hold and members',
        params: CompanyParamsSchema,
        response: { 200: AdminCompanyDetailSchema },
      },
    },
    async (request) => companies.getCompany(request.params.id),
  );

  app.post(
    '/companies/:id/approve/',
    {
      schema: {
        tags,
        security,
        summary:
          'Approves a pending application with a credit limit and terms (`payment_terms_days` or `payment_terms: "end_of_following_month"`; a limit of 0 is card payment only); 409 unless pending',
        params: CompanyParamsSchema,
        body: CompanyApproveSchema,
        response: { 200: AdminCompanyDetailSchema },
      },
    },
    async (request) => companies.approve(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/companies/:id/decline/',
    {
      schema: {
        tags,
        security,
        summary:
          'Declines a pending application with the reason the applicant is e-mailed; 409 unless pending',
        params: CompanyParamsSchema,
        body: CompanyDeclineSchema,
        response: { 200: AdminCompanyDetailSchema },
      },
    },
    async (request) => companies.decline(staffOf(request), request.params.id, request.body.reason),
  );

  app.patch(
    '/companies/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'A new credit limit and terms for an approved company; 409 otherwise',
        params: CompanyParamsSchema,
        body: CompanyCreditUpdateSchema,
        response: { 200: AdminCompanyDetailSchema },
      },
    },
    async (request) => companies.updateCredit(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/companies/:id/hold/',
    {
      schema: {
        tags,
        security,
        summary:
          'Puts the company on hold (no paying on account; its administrators are e-mailed the reason) or lifts the hold',
        params: CompanyParamsSchema,
        body: CompanyHoldSchema,
        response: { 200: AdminCompanyDetailSchema },
      },
    },
    async (request) => companies.setHold(staffOf(request), request.params.id, request.body),
  );
};
