import type { AppContext } from '../../platform/context';
import { AppError } from '../../infra/http/errors';
import type { Db, Trx } from '../../infra/db/connection';
import { lockPlayer } from '../../platform/money/lock-order';
import { FAVOURITES_MAX, type FavouriteInput, type Favourites } from '../../../domain/sports/sports.schema';
import { deleteFavourite, findFavourites, insertFavourite } from './favourites.repository';

/**
 * A player's favourite teams and competitions (issue 16): the sportsbook lists their fixtures
 * first. At most FAVOURITES_MAX a player, counted under the player's row lock so that two taps at
 * once cannot pass the cap together.
 */

async function favouritesOf(db: Db | Trx, userId: number): Promise<Favourites> {
  const rows = await findFavourites(db, userId);
  return {
    teams: rows.filter((r) => r.kind === 'team').map((r) => r.name),
    competitions: rows.filter((r) => r.kind === 'competition').map((r) => r.name),
  };
}

export const listFavourites = (ctx: AppContext, userId: number) => favouritesOf(ctx.db, userId);

/** Marks or unmarks a favourite; answers the player's favourites after the change. */
export async function setFavourite(
  ctx: AppContext,
  userId: number,
  input: FavouriteInput,
): Promise<Favourites> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockPlayer(trx, userId);
    if (!input.on) {
      await deleteFavourite(trx, userId, input.kind, input.name);
      return favouritesOf(trx, userId);
    }
    const current = await favouritesOf(trx, userId);
    const already = (input.kind === 'team' ? current.teams : current.competitions).includes(input.name);
    if (!already && current.teams.length + current.competitions.length >= FAVOURITES_MAX) {
      throw new AppError(409, 'sportsFavouritesFull', { max: String(FAVOURITES_MAX) });
    }
    await insertFavourite(trx, userId, input.kind, input.name);
    return favouritesOf(trx, userId);
  });
}
