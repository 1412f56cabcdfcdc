// Admin-only routes (spec/api.md §7.1 /api/users, §7.6): the member picker, plan changes, credit
// grants, the submission review queue, payment events that could not be applied, and the CSV
// exports. Every one is guarded on the server by ADMIN_EMAILS / ADMIN_USER_IDS: 401 for a
// visitor, 403 for a member, with nothing changed.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePlanSchema,
  EXPORT_KINDS,
  exportFileName,
  grantCreditsSchema,
  grantResultSchema,
  memberPlanSchema,
  operatorAlertSchema,
  pickerUserSchema,
  usersQuerySchema,
} from '../../../shared/schemas/admin';
import {
  paymentEventSummarySchema,
  paymentEventsQuerySchema,
} from '../../../shared/schemas/billing';
import { dbIdPath } from '../../../shared/schemas/ids';
import {
  adminSubmissionSchema,
  reviewSubmissionSchema,
  submissionStatusQuerySchema,
  submissionViewSchema,
} from '../../../shared/schemas/submissions';
import { NotFound } from '../../errors';
import { idempotencyHeaders } from '../../http/idempotency';
import { fileAnswer } from '../../http/openapi';
import type { SessionGuards } from '../../http/session';
import type { ExportsService } from '../exports';
import type { MembersService } from '../members';
import type { PaymentsService } from '../payments';
import type { SubmissionsService } from '../submissions';
import type { OperatorAlerts } from './operator-alerts';
import { presentPlan } from './presenter';
import type { AdminService } from './service';

const idParams = z.object({ id: z.string().min(1).max(200) });
const submissionParams = z.object({ id: dbIdPath() });
const exportParams = z.object({
  kind: z.enum(EXPORT_KINDS, {
    error: 'Unknown export: choose members, earnings, video-jobs or video-requests.',
  }),
});

export function adminRoutes(
  services: {
    members: MembersService;
    admin: AdminService;
    submissions: SubmissionsService;
    exports: ExportsService;
    payments: PaymentsService;
    alerts: OperatorAlerts;
  },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  const { members, admin, submissions, exports, payments, alerts } = services;
  return async (app) => {
    // Every route of this plugin, including ones added later; before the body is even read, so a
    // visitor or a member learns nothing from validation messages.
    app.addHook('onRequest', guards.requireAdmin);

    app.get(
      '/api/users',
      {
        schema: {
          querystring: usersQuerySchema,
          response: { 200: z.array(pickerUserSchema) },
        },
      },
      async (request, reply) => {
        const page = await members.search(request.query);
        const last = page.at(-1);
        if (last && page.length === request.query.limit) {
          const next = new URLSearchParams({ limit: String(request.query.limit), after: last.id });
          if (request.query.search) next.set('search', request.query.search);
          reply.header('link', `</api/users?${next.toString()}>; rel="next"`);
        }
        return page;
      },
    );

    app.patch(
      '/api/admin/users/:id/plan',
      { schema: { params: idParams, body: changePlanSchema, response: { 200: memberPlanSchema } } },
      async (request) =>
        presentPlan(
          await admin.changePlan(guards.currentUser(request), request.params.id, request.body),
        ),
    );

    app.post(
      '/api/admin/grant-credits',
      {
        schema: {
          body: grantCreditsSchema,
          headers: idempotencyHeaders,
          response: { 200: grantResultSchema, 201: grantResultSchema },
        },
      },
      async (request, reply) => {
        const result = await admin.grantCredits(
          guards.currentUser(request),
          request.body,
          request.headers['idempotency-key'] ?? null,
        );
        return reply.status(result.granted ? 201 : 200).send(result);
      },
    );

    app.get(
      '/api/admin/submissions',
      {
        schema: {
          querystring: submissionStatusQuerySchema,
          response: { 200: z.array(adminSubmissionSchema) },
        },
      },
      async (request) => submissions.listForReview(request.query.status),
    );

    app.patch(
      '/api/admin/submissions/:id',
      {
        schema: {
          params: submissionParams,
          body: reviewSubmissionSchema,
          response: { 200: submissionViewSchema },
        },
      },
      async (request) => {
        // An id no submission could have gets the answer of an id nobody has.
        if (request.params.id === null) throw new NotFound('Submission not found');
        return submissions.review(guards.currentUser(request), request.params.id, request.body);
      },
    );

    app.get(
      '/api/admin/alerts',
      { schema: { response: { 200: z.array(operatorAlertSchema) } } },
      async () =>
        (await alerts.open()).map((alert) => ({
          id: alert.id,
          title: alert.title,
          message: alert.message,
          occurrences: alert.occurrences,
          createdAt: alert.createdAt.toISOString(),
          lastSeenAt: alert.lastSeenAt.toISOString(),
        })),
    );

    app.post(
      '/api/admin/alerts/:id/dismiss',
      {
        schema: {
          params: submissionParams,
          response: { 200: z.object({ dismissed: z.literal(true) }) },
        },
      },
      async (request) => {
        if (request.params.id === null || !(await alerts.dismiss(request.params.id))) {
          throw new NotFound('Alert not found');
        }
        return { dismissed: true as const };
      },
    );

    app.get(
      '/api/admin/payment-events',
      {
        schema: {
          querystring: paymentEventsQuerySchema,
          response: { 200: z.array(paymentEventSummarySchema) },
        },
      },
      async (request) => payments.listEvents(request.query.outcome),
    );

    app.get(
      '/api/admin/export/:kind',
      {
        schema: {
          params: exportParams,
          response: { 200: fileAnswer('The export as CSV, one row per record.', ['text/csv']) },
        },
      },
      async (request, reply) => {
        const { kind } = request.params;
        const csv = await exports.open(kind);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(kind)}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
