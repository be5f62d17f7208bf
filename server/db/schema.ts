import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables; migrations in ./migrations are the source of truth. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  cpf: string;
  phone: string;
  country: string;
  password_hash: string;
  header: Generated<number>;
  yqm: string;
  referrer_id: number | null;
  level: Generated<number>;
  kyc: Generated<number>;
  lx: Generated<string>;
  test_flag: Generated<number>;
  birth_date: string | null;
  extend_info: Generated<string>;
  created_at: CreatedAt;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  totp_secret: string | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  kind: 'player' | 'operator';
  subject_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
}

export interface CaptchasTable {
  code_id: string;
  answer_hash: string;
  expires_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  at: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  check_id_hash: string | null;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  sent_at: CreatedAt;
}

export interface HandoffCodesTable {
  code_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface NoticesTable {
  id: Generated<number>;
  text: string;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  handoff_codes: HandoffCodesTable;
  notices: NoticesTable;
}
