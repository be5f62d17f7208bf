import { z } from 'zod';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { ok } from '../../infra/http/reply';
import { allGameSettings, settingsInBrl } from '../games/settings';
import { adminGameSettingsSchema } from '../../../domain/schemas/console-desk.schema';

const LIST = { response: z.array(adminGameSettingsSchema) };

/** The casino games' settings as traders see them (changing one is a route of modules/games). */
export async function adminGamesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/games', allow(operator(ROLES.trader), LIST), async (request, reply) => {
    const settings = await allGameSettings(ctx.db);
    return ok(request, reply, settings.map(settingsInBrl));
  });
}
