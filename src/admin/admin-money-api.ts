import type { MarginRow, ProductRow, Reconciliation } from '../../domain/schemas/back-office.schema';
import type {
  LedgerAccountRow,
  LedgerAudit,
  LedgerTransaction,
} from '../../domain/schemas/console-money.schema';
import type {
  PlayerLocked,
  PlayerNoteAdded,
  PlayerPosting,
  PlayerUnlocked,
} from '../../domain/schemas/console-players.schema';
import { request } from './admin-api';

export type {
  ProductRow as ProductReportRow,
  MarginRow as MarginReportRow,
  Reconciliation,
  Verdict,
} from '../../domain/schemas/back-office.schema';

/** Finance's ledger and report calls, and support's care of a player (issue 8). */

export type { LedgerAccountRow, LedgerTransaction, PlayerPosting };

const range = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const moneyApi = {
  accounts: () => request<LedgerAccountRow[]>('get', '/api/admin/ledger/accounts'),
  transactions: (filter: { kind?: string; reference?: string; before?: string }) => {
    const query = new URLSearchParams(
      Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return request<LedgerTransaction[]>('get', `/api/admin/ledger/transactions?${query.toString()}`);
  },
  audit: () => request<LedgerAudit>('post', '/api/admin/ledger/audit'),
  reconciliation: (from: string, to: string) =>
    request<Reconciliation>('get', `/api/admin/ledger/reconciliation?${range(from, to)}`),
  products: (from: string, to: string) =>
    request<ProductRow[]>('get', `/api/admin/reports/products?${range(from, to)}`),
  margins: (from: string, to: string) =>
    request<MarginRow[]>('get', `/api/admin/reports/margins?${range(from, to)}`),
  lock: (id: number, reason: string) =>
    request<PlayerLocked>('post', `/api/admin/players/${id}/lock`, { reason }),
  unlock: (id: number) => request<PlayerUnlocked>('post', `/api/admin/players/${id}/unlock`),
  addNote: (id: number, text: string) =>
    request<PlayerNoteAdded>('post', `/api/admin/players/${id}/notes`, { text }),
};

/** A player's money history straight from the ledger, newest first. */
export const playerLedger = (id: number) =>
  request<PlayerPosting[]>('get', `/api/admin/players/${id}/ledger`);
