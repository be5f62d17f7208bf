import type { z } from 'zod';
import { roundEventSchemas, type RoundEventName } from '../../../domain/schemas/round-events.schema';
import type { AppContext } from '../../platform/context';

/**
 * Sends one of a shared-round game's events to its room, typed by the domain schema the client
 * parses it with. The test runs (TREVO_CHECK_RESPONSES=1) also parse it here, as they check the
 * HTTP answers, so a shape the client would drop fails the test that caused it.
 */
export function announceRound<E extends RoundEventName>(
  ctx: AppContext,
  event: E,
  payload: z.input<(typeof roundEventSchemas)[E]>,
): void {
  if (ctx.config.checkResponses) roundEventSchemas[event].parse(payload);
  ctx.realtime.io.to(`game:${payload.game}`).emit(event, payload);
}
