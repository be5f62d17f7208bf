import type { ProductRow, Reconciliation } from '../../domain/schemas/back-office.schema';
import { request } from './admin-api';

export type {
  ProductRow as ProductReportRow,
  Reconciliation,
  Verdict,
} from '../../domain/schemas/back-office.schema';

/** Finance's ledger and report calls, and support's care of a player (issue 8). */

export interface LedgerAccountRow {
  kind: string;
  house: boolean;
  accounts: number;
  balance: number;
}

export interface LedgerTransaction {
  id: string;
  key: string;
  kind: string;
  reference: string;
  createdAt: string;
  postings: Array<{ account: string; kind: string; userId: number | null; amount: number }>;
}

const range = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const moneyApi = {
  accounts: () => request<LedgerAccountRow[]>('get', '/api/admin/ledger/accounts'),
  transactions: (filter: { kind?: string; reference?: string; before?: string }) => {
    const query = new URLSearchParams(
      Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return request<LedgerTransaction[]>('get', `/api/admin/ledger/transactions?${query.toString()}`);
  },
  audit: () => request<{ sound: boolean; problems: string[] }>('post', '/api/admin/ledger/audit'),
  reconciliation: (from: string, to: string) =>
    request<Reconciliation>('get', `/api/admin/ledger/reconciliation?${range(from, to)}`),
  products: (from: string, to: string) =>
    request<ProductRow[]>('get', `/api/admin/reports/products?${range(from, to)}`),
  lock: (id: number, reason: string) =>
    request<{ locked: boolean; ended: number }>('post', `/api/admin/players/${id}/lock`, { reason }),
  unlock: (id: number) => request<{ locked: boolean }>('post', `/api/admin/players/${id}/unlock`),
  addNote: (id: number, text: string) =>
    request<{ id: number }>('post', `/api/admin/players/${id}/notes`, { text }),
};

export interface PlayerPosting {
  transactionId: string;
  kind: string;
  reference: string;
  account: string;
  amount: number;
  createdAt: string;
}

/** A player's money history straight from the ledger, newest first. */
export const playerLedger = (id: number) =>
  request<PlayerPosting[]>('get', `/api/admin/players/${id}/ledger`);
