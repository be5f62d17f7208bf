import type { Db, Trx } from '../../infra/db/connection';
import type { FavouriteKind } from '../../../domain/sports/sports.schema';

/** The queries of a player's favourites (favourites.service.ts). */

export async function findFavourites(db: Db | Trx, userId: number) {
  return db
    .selectFrom('sports_favourites')
    .select(['kind', 'name'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
}

/** Adds a favourite; one already there stays as it was. */
export async function insertFavourite(trx: Trx, userId: number, kind: FavouriteKind, name: string) {
  await trx
    .insertInto('sports_favourites')
    .values({ user_id: userId, kind, name })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'name']).doNothing())
    .execute();
}

export async function deleteFavourite(trx: Trx, userId: number, kind: FavouriteKind, name: string) {
  await trx
    .deleteFrom('sports_favourites')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('name', '=', name)
    .execute();
}
