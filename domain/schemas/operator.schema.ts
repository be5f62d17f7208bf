import { z } from 'zod/mini';
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
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'badCredentials' }),
      z.maxLength(64, { message: 'badCredentials' }),
    ),
  pwd: z
    .string()
    .check(z.minLength(1, { message: 'badCredentials' }), z.maxLength(256, { message: 'badCredentials' })),
});

/** `POST /api/admin/operators`: a new operator account. */
export const operatorCreateSchema = z.strictObject({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, { message: 'invalidInput' }),
      z.maxLength(64, { message: 'tooLong' }),
      z.regex(/^[a-zA-Z0-9_.-]+$/, { message: 'invalidInput' }),
    ),
  pwd: z
    .string()
    .check(z.minLength(8, { message: 'passwordLength' }), z.maxLength(64, { message: 'passwordLength' })),
  role: z.enum(OPERATOR_ROLES),
});

/** `PUT /api/admin/operators/{id}`: a role change. */
export const operatorUpdateSchema = z.strictObject({ role: z.enum(OPERATOR_ROLES) });
/** Why an operator's access ends: the audit and the list show it, so it must say something. */
export const operatorDisableSchema = z.strictObject({
  reason: z.prefault(reasonText(5, 200), ''),
});

// What the console's account calls answer (issue 17, "contracts once").

/** `POST /api/admin/auth/login`: the operator session's token and the role it acts with. */
export const operatorLoginAnswerSchema = z.object({ access_token: z.string(), role: z.enum(OPERATOR_ROLES) });
export type OperatorLoginAnswer = z.infer<typeof operatorLoginAnswerSchema>;

/** `POST /api/admin/auth/totp/enrol`: the new authenticator's seed, shown this once. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** `GET /api/admin/auth/me`: the signed-in operator. */
export const operatorMeSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totpEnrolled: z.boolean(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/** `GET /api/admin/operators`: one operator account, oldest first. */
export const operatorRowSchema = z.extend(operatorMeSchema, {
  createdAt: z.string(),
  /** Set while the account is disabled: when, and why. */
  disabled: z.nullable(z.object({ at: z.string(), reason: z.string() })),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

/** `POST /api/admin/operators`: the account created. */
export const operatorCreatedSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorCreated = z.infer<typeof operatorCreatedSchema>;

/** `PUT /api/admin/operators/{id}`: the role the operator has now. */
export const operatorRoleChangedSchema = z.object({ id: z.number(), role: z.enum(OPERATOR_ROLES) });
