// GET and PATCH /api/voice-settings: the signed-in member's default voice, speed and caption style.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { voiceSettingsPatchSchema, voiceSettingsSchema } from '../../../shared/schemas/voices';
import type { SessionGuards } from '../../http/session';
import type { VoiceSettingsService } from './service';

export function voiceSettingsRoutes(
  { voiceSettings }: { voiceSettings: VoiceSettingsService },
  guards: SessionGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', guards.requireUser);

    app.get(
      '/api/voice-settings',
      { schema: { response: { 200: voiceSettingsSchema } } },
      async (request) => voiceSettings.get(guards.currentUser(request)),
    );

    app.patch(
      '/api/voice-settings',
      { schema: { body: voiceSettingsPatchSchema, response: { 200: voiceSettingsSchema } } },
      async (request) => voiceSettings.update(guards.currentUser(request), request.body),
    );
  };
}
