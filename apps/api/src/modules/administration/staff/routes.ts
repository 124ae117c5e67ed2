import { AuditEntrySchema, RoleChangeSchema, StaffMemberSchema } from '@shop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, pageSchema, paginate } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { actorOf } from '../audit';
import type { RouteOptions } from '../../../services';

const filterText = (max: number) => z.string().trim().min(1).max(max).optional();

const AuditQuerySchema = PageQuerySchema.extend({
  entity_type: filterText(50),
  entity_id: filterText(50),
  /** A user id, or the e-mail the actor had. */
  actor: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .transform((value) => (/^\d{1,10}$/.test(value) ? Number(value) : value.toLowerCase()))
    .optional(),
  action: filterText(80),
}).strict();

const tags = ['administration: staff'];
const security = [{ bearerAuth: [] }];

/** staff/, users/{id}/role/ and audit/: owners manage staff and read the log (staff get 403). */
export const staffRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const staff = services.administration.staff;
  // After the area's requireStaff: a staff member is refused here, an owner passes.
  app.addHook('onRequest', app.requireOwner);

  app.get(
    '/staff/',
    {
      schema: {
        tags,
        security,
        summary: 'Staff and owners (owners only)',
        querystring: PageQuerySchema.strict(),
        response: { 200: pageSchema(StaffMemberSchema) },
      },
    },
    async (request) => {
      const { count, results } = await staff.listStaff(request.query);
      return paginate(request.url, request.query, count, results);
    },
  );

  app.patch(
    '/users/:id/role/',
    {
      schema: {
        tags,
        security,
        summary:
          'Gives a user a role (customer, staff or owner), from their next request; the last owner stays one',
        params: z.object({ id: queryId }),
        body: RoleChangeSchema,
        response: { 200: StaffMemberSchema },
      },
    },
    async (request) => staff.changeRole(actorOf(request), request.params.id, request.body.role),
  );

  app.get(
    '/audit/',
    {
      schema: {
        tags,
        security,
        summary: 'The audit log, newest first, by entity, actor or action (owners only)',
        querystring: AuditQuerySchema,
        response: {
          200: pageSchema(AuditEntrySchema).extend({ count_capped: z.boolean() }),
        },
      },
    },
    async (request) => {
      const { entity_type, entity_id, actor, action } = request.query;
      const { count, capped, results } = await staff.listAudit(
        { entityType: entity_type, entityId: entity_id, actor, action },
        request.query,
      );
      return { ...paginate(request.url, request.query, count, results), count_capped: capped };
    },
  );
};
