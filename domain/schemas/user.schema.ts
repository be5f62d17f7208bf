import { z } from 'zod/mini';
import { textInt } from './common.schema';
import { AVATAR_COUNT } from '../codes';

/** A deposit offer of `paypackage` (section 3): open flag and the seconds left. */
export const offerSchema = z.object({ fcOpen: z.union([z.boolean(), z.number()]), fcCountdown: z.number() });

/** The user-info entity of section 3, plus the bonus and spendable balances of API.md. */
export const userInfoSchema = z.object({
  uId: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  balance: z.number(),
  bonusBalance: z.number(),
  freeBalance: z.number(),
  payAmount: z.number(),
  level: z.number(),
  header: z.number(),
  yqm: z.string(),
  time: z.string(),
  extendInfo: z.string(),
  testFlag: z.number(),
  paySumAmount: z.number(),
  wdSumAmount: z.number(),
  gameSumAmount: z.number(),
  level1Amount: z.number(),
  level2Amount: z.number(),
  level3Amount: z.number(),
  level1Person: z.number(),
  level2Person: z.number(),
  level3Person: z.number(),
  nextlevel: z.object({ gameSumAmount: z.number(), paySumAmount: z.number() }),
  kyc: z.number(),
  /**
   * The player's own CPF and phone as registered (digits), so the identity and withdrawal forms
   * start filled instead of asking a third time (issue 18, item 12). Only ever sent to the player.
   */
  cpf: z.string(),
  phone: z.string(),
  lx: z.string(),
  payDiscount: z.object({ discount: z.number(), expiredTime: z.nullable(z.string()) }),
  paypackage: z.object({ FPDATA: offerSchema, FCDATA: offerSchema }),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const balanceSchema = z.object({
  balance: z.number(),
  bonusBalance: z.number(),
  freeBalance: z.number(),
});
export type Balances = z.infer<typeof balanceSchema>;

export const guestAnalysisSchema = z.object({ number: z.number(), amount: z.number() });

/** Socket `notice` event and `/notices` rows. */
export const noticeSchema = z.object({ id: z.number(), text: z.string(), createdAt: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

/** The avatar a player picks (`setHeader/{index}`): 1 to AVATAR_COUNT, as plain decimal text. */
export const headerIndexSchema = z.pipe(
  textInt('avatarInvalid'),
  z
    .number()
    .check(z.minimum(1, { message: 'avatarInvalid' }), z.maximum(AVATAR_COUNT, { message: 'avatarInvalid' })),
);

/** `setHeader/{index}`: the avatar now shown. */
export const headerSetSchema = z.object({ header: z.int().check(z.minimum(1), z.maximum(AVATAR_COUNT)) });
export type HeaderSet = z.infer<typeof headerSetSchema>;
