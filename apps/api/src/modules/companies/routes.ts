import {
  CompanyAddressSchema,
  CompanyAddressUpdateSchema,
  CompanyAddressViewSchema,
  CompanyApplySchema,
  CompanyInvitationViewSchema,
  CompanyInviteSchema,
  CompanyMemberUpdateSchema,
  CompanyMemberViewSchema,
  CompanySettingsSchema,
  CompanyViewSchema,
  MyInvitationViewSchema,
} from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../http/errors';
import { PageQuerySchema, pageSchema, paginate } from '../../http/pagination';
import { queryId } from '../../http/query-ids';
import { signedInUser } from '../accounts/authenticate';
import type { RateLimit } from '../rate-limits/service';
import type { RouteOptions } from '../../services';

/** Applications per user: a few tries at the form, not a flood of the shop's inbox. */
export const COMPANY_APPLY_LIMIT: RateLimit = { name: 'company-apply-user', limit: 5, windowMs: 60 * 60_000 };
/** Invitations sent per user: each one e-mails an address the shop does not know. */
export const COMPANY_INVITE_LIMIT: RateLimit = {
  name: 'company-invite-user',
  limit: 50,
  windowMs: 60 * 60_000,
};

const IdParamsSchema = z.object({ id: queryId });
const NoContent = z.null().describe('No content');

/**
 * The trade account from the member's side: the company, its members and invitations, the
 * invitee's answers, and the shared addresses. Every call is the signed-in user's; another company's ids
 * answer 404 and a member without the role 403.
 */
export const companyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { services: { companies, rateLimiter } },
) => {
  // Before authentication, so 401s are not cached either.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const secured = { security: [{ bearerAuth: [] }], tags: ['trade accounts'] };
  const signedIn = { onRequest: app.authenticate };
  const userId = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;
  const caller = (request: Parameters<typeof signedInUser>[0]) => {
    const user = signedInUser(request);
    return { id: user.id, email: user.email };
  };

  app.get(
    '/account/company/',
    {
      schema: {
        ...secured,
        summary:
          'The caller’s company and role, with its available credit for every member of an approved company; for administrators also the credit limit, balance and terms (404 without one)',
        response: { 200: CompanyViewSchema },
      },
      ...signedIn,
    },
    async (request) => companies.getCompany(userId(request)),
  );

  app.get(
    '/account/trade-account/',
    {
      schema: {
        ...secured,
        summary:
          'The caller’s company as GET account/company/ answers it, or null without one (200 either way): what the storefront asks on every account and checkout page, where a 404 would be noise',
        response: { 200: z.object({ company: CompanyViewSchema.nullable() }) },
      },
      ...signedIn,
    },
    async (request) => {
      try {
        return { company: await companies.getCompany(userId(request)) };
      } catch (error) {
        if (error instanceof NotFound) return { company: null };
        throw error;
      }
    },
  );

  app.post(
    '/account/company/',
    {
      schema: {
        ...secured,
        summary:
          'Applies for a trade account: the caller becomes the pending company’s administrator, the shop is e-mailed and the applicant gets a receipt; staff and owner accounts get 403',
        body: CompanyApplySchema,
        response: { 201: CompanyViewSchema },
      },
      ...signedIn,
      // Counted before the body is checked, per user.
      preValidation: (request) => rateLimiter.consume(COMPANY_APPLY_LIMIT, String(userId(request))),
    },
    async (request, reply) => reply.code(201).send(await companies.apply(caller(request), request.body)),
  );

  app.patch(
    '/account/company/',
    {
      schema: {
        ...secured,
        summary:
          'The company’s own settings (administrators): whether every order needs a purchase-order number',
        body: CompanySettingsSchema,
        response: { 200: CompanyViewSchema },
      },
      ...signedIn,
    },
    async (request) => companies.updateSettings(userId(request), request.body),
  );

  app.get(
    '/account/company/members/',
    {
      schema: {
        ...secured,
        summary: 'The company’s members, first joined first (administrators)',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(CompanyMemberViewSchema) },
      },
      ...signedIn,
    },
    async (request) => {
      const { count, results } = await companies.listMembers(userId(request), request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.patch(
    '/account/company/members/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a member’s role or order limit (administrators; the last administrator stays one)',
        params: IdParamsSchema,
        body: CompanyMemberUpdateSchema,
        response: { 200: CompanyMemberViewSchema },
      },
      ...signedIn,
    },
    async (request) => companies.updateMember(userId(request), request.params.id, request.body),
  );

  app.delete(
    '/account/company/members/:id/',
    {
      schema: {
        ...secured,
        summary:
          'Removes a member (administrators; never yourself nor the last administrator): their next request no longer acts for the company',
        params: IdParamsSchema,
        response: { 204: NoContent },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await companies.removeMember(userId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/account/company/invitations/',
    {
      schema: {
        ...secured,
        summary: 'The company’s invitations, newest first, each with who sent it (administrators)',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(CompanyInvitationViewSchema) },
      },
      ...signedIn,
    },
    async (request) => {
      const { count, results } = await companies.listInvitations(userId(request), request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.post(
    '/account/company/invitations/',
    {
      schema: {
        ...secured,
        summary:
          'Invites an e-mail address with a role and an optional order limit (administrators of an approved company); the invitation is e-mailed and lasts 14 days; one company e-mails one address at most once a day (429)',
        body: CompanyInviteSchema,
        response: { 201: CompanyInvitationViewSchema },
      },
      ...signedIn,
      preValidation: (request) => rateLimiter.consume(COMPANY_INVITE_LIMIT, String(userId(request))),
    },
    async (request, reply) => reply.code(201).send(await companies.invite(caller(request), request.body)),
  );

  app.delete(
    '/account/company/invitations/:id/',
    {
      schema: {
        ...secured,
        summary: 'Withdraws an invitation (administrators)',
        params: IdParamsSchema,
        response: { 204: NoContent },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await companies.cancelInvitation(userId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/account/invitations/',
    {
      schema: {
        ...secured,
        summary: 'The invitations to the caller’s own e-mail address that may still be accepted',
        response: { 200: z.array(MyInvitationViewSchema) },
      },
      ...signedIn,
    },
    async (request) => companies.myInvitations(caller(request)),
  );

  app.post(
    '/account/invitations/:id/accept/',
    {
      schema: {
        ...secured,
        summary:
          'Accepts an invitation to the caller’s own e-mail address (404 for any other) when the caller belongs to no company; 403 for staff and owner accounts, and when its sender no longer administers the company',
        params: IdParamsSchema,
        response: { 200: CompanyViewSchema },
      },
      ...signedIn,
    },
    async (request) => companies.acceptInvitation(caller(request), request.params.id),
  );

  app.post(
    '/account/invitations/:id/decline/',
    {
      schema: {
        ...secured,
        summary: 'Declines an invitation to the caller’s own e-mail address',
        params: IdParamsSchema,
        response: { 204: NoContent },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await companies.declineInvitation(caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/account/company/addresses/',
    {
      schema: {
        ...secured,
        summary:
          'The company’s shared delivery addresses, newest first (every member); their ids work wherever an address id does',
        response: { 200: z.array(CompanyAddressViewSchema) },
      },
      ...signedIn,
    },
    async (request) => companies.listAddresses(userId(request)),
  );

  app.post(
    '/account/company/addresses/',
    {
      schema: {
        ...secured,
        summary: 'Adds a shared address (administrators; at most 100)',
        body: CompanyAddressSchema.strict(),
        response: { 201: CompanyAddressViewSchema },
      },
      ...signedIn,
    },
    async (request, reply) =>
      reply.code(201).send(await companies.createAddress(userId(request), request.body)),
  );

  app.patch(
    '/account/company/addresses/:id/',
    {
      schema: {
        ...secured,
        summary: 'Changes a shared address (administrators)',
        params: IdParamsSchema,
        body: CompanyAddressUpdateSchema,
        response: { 200: CompanyAddressViewSchema },
      },
      ...signedIn,
    },
    async (request) => companies.updateAddress(userId(request), request.params.id, request.body),
  );

  app.delete(
    '/account/company/addresses/:id/',
    {
      schema: {
        ...secured,
        summary: 'Deletes a shared address (administrators; orders keep their own copies)',
        params: IdParamsSchema,
        response: { 204: NoContent },
      },
      ...signedIn,
    },
    async (request, reply) => {
      await companies.deleteAddress(userId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
