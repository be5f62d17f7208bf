import { z } from 'zod';
import { fixtureSearchSchema } from '../../../domain/schemas/back-office.schema';
import { attentionFixtureSchema, prizeDeadlinesSchema } from '../../../domain/schemas/console-desk.schema';
import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { parseInput } from '../../infra/http/errors';
import { ok } from '../../infra/http/reply';
import { prizeDeadlineReport } from '../protection/prize-deadline';
import { findFixturesForReview } from './fixtures.repository';
import { isRaceFixture } from '../../../domain/sports/labels';

/** The trader's fixtures (entering a result is a route of modules/sports) and the prize deadlines. */
export async function fixturesRoutes(app: FastifyInstance, ctx: AppContext) {
  // Fixtures an operator should look at: started with no final result, or corrected by an operator.
  app.get(
    '/api/admin/sports/fixtures',
    allow(operator(ROLES.trader), { query: fixtureSearchSchema, response: z.array(attentionFixtureSchema) }),
    async (request, reply) => {
      const { q } = parseInput(fixtureSearchSchema, request.query);
      const now = app.sports.now();
      const rows = await findFixturesForReview(ctx.db, q, now);
      // A race's drivers are the feed's: the form names its classification from them.
      const fieldOf = (r: { id: string; away: string }) =>
        isRaceFixture(r) ? app.sports.feed.snapshot(r.id, now)?.field : undefined;
      return ok(
        request,
        reply,
        rows.map((r) => ({
          id: r.id,
          sport: r.sport,
          competition: r.competition,
          home: r.home,
          away: r.away,
          startsAt: new Date(r.starts_at).toISOString(),
          result: r.result === null ? null : (JSON.parse(r.result) as unknown),
          resultFinal: r.result_final,
          resultVersion: r.result_version,
          resultSource: r.result_source,
          settledVersion: r.settled_version,
          field: fieldOf(r)?.map((d) => ({ id: d.id, name: d.name })),
        })),
      );
    },
  );

  // Prizes waiting after their event ended, with the 120-minute due time (issue 9): traders enter
  // the missing results, finance reports the breaches.
  app.get(
    '/api/admin/sports/prize-deadlines',
    allow(operator(['trader', 'finance']), { response: prizeDeadlinesSchema }),
    async (request, reply) => ok(request, reply, await prizeDeadlineReport(ctx)),
  );
}
