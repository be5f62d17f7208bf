import { z } from 'zod';
import { isValidCpf } from '../identity';

/**
 * The sandbox PSP's calls that play the payer's bank (API.md "Test and sandbox surface"),
 * registered only when the sandbox is the adapter.
 */

/** `POST /sandbox-psp/charges/{txid}/pay`: who pays (by default the expected payer) and how the webhook comes. */
export const sandboxPaySchema = z.strictObject({
  payerCpf: z.string().refine(isValidCpf, { message: 'cpfInvalid' }).optional(),
  scenario: z.enum(['normal', 'twice', 'late']).optional(),
});
export type SandboxPay = z.infer<typeof sandboxPaySchema>;

/** What a sandbox payment answers: the charge paid and the PIX end-to-end id the bank gave it. */
export const sandboxPaymentSchema = z.object({ txid: z.string(), endToEndId: z.string() });
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;
