// Creator Engine routes (spec/api.md §7.4 unlink, §7.5): the member's jobs, a sample to fill the
// form with and the advanced-mode template. Signed-in members only; rules live in the service.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbIdPath } from '../../../shared/schemas/ids';
import {
  advancedModeTemplateSchema,
  deletedJobSchema,
  jobActiveSchema,
  jobItemListIndexSchema,
  jobSampleSchema,
  unlinkedJobSchema,
  videoJobSchema,
  videoJobViewSchema,
} from '../../../shared/schemas/jobs';
import { NotFound, ValidationFailed } from '../../errors';
import type { SessionGuards } from '../../http/session';
import { ADVANCED_MODE_TEMPLATE, JOB_SAMPLES } from './samples';
import type { EngineService } from './service';
import { JOB_NOT_FOUND } from './service';

const jobParams = z.object({ id: dbIdPath() });

/** An id no job could have gets the answer of an id nobody has. */
function jobId(id: number | null): number {
  if (id === null) throw new NotFound(JOB_NOT_FOUND);
  return id;
}

/** Read by parsePatch, which names the field at fault; declared here for the API document. */
const jobPatchBody = z
  .unknown()
  .describe(
    'The whole job (as POST /api/video-jobs takes it), or only {"isActive": boolean}, or only {"itemListIndex": number}.',
  );

/** A PATCH body is the whole job, or only {isActive}, or only {itemListIndex}. */
function parsePatch(body: unknown) {
  const active = jobActiveSchema.safeParse(body);
  if (active.success) return { kind: 'active', isActive: active.data.isActive } as const;
  const index = jobItemListIndexSchema.safeParse(body);
  if (index.success) return { kind: 'index', itemListIndex: index.data.itemListIndex } as const;
  const whole = videoJobSchema.safeParse(body);
  if (!whole.success) {
    const [issue] = whole.error.issues;
    throw new ValidationFailed(issue?.message ?? 'Invalid job', issue?.path.join('.') || undefined);
  }
  return { kind: 'whole', payload: whole.data } as const;
}

export function engineRoutes(
  { engine }: { engine: EngineService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/video-jobs',
      { schema: { response: { 200: z.array(videoJobViewSchema) } } },
      async (request) => engine.list(guards.currentUser(request)),
    );

    app.post(
      '/api/video-jobs',
      { schema: { body: videoJobSchema, response: { 201: videoJobViewSchema } } },
      async (request, reply) =>
        reply.status(201).send(await engine.create(guards.currentUser(request), request.body)),
    );

    app.patch(
      '/api/video-jobs/:id',
      { schema: { params: jobParams, body: jobPatchBody, response: { 200: videoJobViewSchema } } },
      async (request) => {
        const user = guards.currentUser(request);
        const id = jobId(request.params.id);
        const patch = parsePatch(request.body);
        if (patch.kind === 'active') return engine.setActive(user, id, patch.isActive);
        if (patch.kind === 'index') return engine.setItemListIndex(user, id, patch.itemListIndex);
        return engine.update(user, id, patch.payload);
      },
    );

    app.delete(
      '/api/video-jobs/:id',
      { schema: { params: jobParams, response: { 200: deletedJobSchema } } },
      async (request) => engine.delete(guards.currentUser(request), jobId(request.params.id)),
    );

    app.post(
      '/api/video-jobs/:id/unlink',
      { schema: { params: jobParams, response: { 200: unlinkedJobSchema } } },
      async (request) => engine.unlink(guards.currentUser(request), jobId(request.params.id)),
    );

    app.get(
      '/api/sample-data',
      { schema: { response: { 200: jobSampleSchema } } },
      async () => JOB_SAMPLES[Math.floor(Math.random() * JOB_SAMPLES.length)],
    );

    app.get(
      '/api/advanced-mode-template',
      { schema: { response: { 200: advancedModeTemplateSchema } } },
      async () => ({ template: ADVANCED_MODE_TEMPLATE }),
    );
  };
}
