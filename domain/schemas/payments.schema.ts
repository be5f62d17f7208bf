import { z } from 'zod/mini';
import { isValidCpf } from '../identity';

/**
 * The sandbox PSP's calls that play the payer's bank (API.md "Test and sandbox surface"),
 * registered only when the sandbox is the adapter.
 */

/** `POST /sandbox-psp/charges/{txid}/pay`: who pays (by default the expected payer) and how the webhook comes. */
export const sandboxPaySchema = z.strictObject({
  payerCpf: z.optional(z.string().check(z.refine(isValidCpf, { message: 'cpfInvalid' }))),
  scenario: z.optional(z.enum(['normal', 'twice', 'late'])),
});
export type SandboxPay = z.infer<typeof sandboxPaySchema>;

/** What a sandbox payment answers: the charge paid and the PIX end-to-end id the bank gave it. */
export const sandboxPaymentSchema = z.object({ txid: z.string(), endToEndId: z.string() });
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;
