import { z } from 'zod';
import { reasonText } from './common.schema';

/**
 * Operator roles (back-office issue): support (players, chat, complaints), finance (withdrawals,
 * ledger, reports), trader (sports results, game switches), compliance (the AML, multi-account and
 * responsible-gaming queues, issue 19), admin (everything, operators and configuration). Every `/api/admin` route names the roles it allows; admin passes everywhere.
 */
export const OPERATOR_ROLES = ['support', 'finance', 'trader', 'compliance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** `POST /api/admin/auth/totp/enrol`: the password proves who enrols. */
export const totpEnrolSchema = z.strictObject({
  username: z.string().trim().min(1, { message: 'badCredentials' }).max(64, { message: 'badCredentials' }),
  pwd: z.string().min(1, { message: 'badCredentials' }).max(256, { message: 'badCredentials' }),
});

/** `POST /api/admin/operators`: a new operator account. */
export const operatorCreateSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(3, { message: 'invalidInput' })
    .max(64, { message: 'tooLong' })
    .regex(/^[a-zA-Z0-9_.-]+$/, { message: 'invalidInput' }),
  pwd: z.string().min(8, { message: 'passwordLength' }).max(64, { message: 'passwordLength' }),
  role: z.enum(OPERATOR_ROLES),
});

/** `PUT /api/admin/operators/{id}`: a role change. */
export const operatorUpdateSchema = z.strictObject({ role: z.enum(OPERATOR_ROLES) });
/** Why an operator's access ends: the audit and the list show it, so it must say something. */
export const operatorDisableSchema = z.strictObject({
  reason: reasonText(5, 200).prefault(''),
});
