import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { tooMany } from '../../infra/http/errors';
import { hashPassword } from '../../infra/security/passwords';
import { inviteCode } from '../../infra/security/tokens';
import { centsToBrl } from '../../../domain/money';
import { post } from '../../platform/money/ledger';
import { insertDemoUser } from './wallet.repository';

/**
 * Demo accounts (getUserTest, API.md): testFlag 1, a play balance issued by the house's demo
 * account, never withdrawable, transferable or depositable, and not counted as players.
 */
export async function createDemoAccount(ctx: AppContext, ip: string) {
  if ((await ctx.limiter.hit(`demo-ip:${ip}`, 60 * 60_000)) > 10) throw tooMany('demoTooMany');
  const suffix = randomBytes(5).toString('hex');
  const username = `teste-${suffix}@demo.trevo.bet`;
  // Readable but strong: shown to the player once, in the credentials popup.
  const pwd = `Teste-${randomBytes(6).toString('base64url')}`;
  const balanceCents = Math.round(ctx.config.file.demo.balance * 100);
  const passwordHash = await hashPassword(pwd);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await insertDemoUser(trx, { username, passwordHash, inviteCode: inviteCode() });
    if (balanceCents > 0) {
      await post(trx, {
        key: `demo-issue:${userId}`,
        kind: 'demo_issue',
        reference: username,
        entries: [
          { account: { kind: 'demo_issuer' }, amountCents: -balanceCents },
          { account: { kind: 'user_cash', userId }, amountCents: balanceCents },
        ],
      });
    }
  });
  return { username, pwd, balance: centsToBrl(balanceCents) };
}
