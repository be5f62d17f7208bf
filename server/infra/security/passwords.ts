import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1). hash-wasm runs it in
 * WebAssembly, so no native build step is needed on any machine.
 */
const OWASP = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;
/**
 * The same algorithm at its least cost, for test runs only (TREVO_PASSWORD_COST=test): about 100 ms
 * less per sign-up and login, over thousands of them. The configuration refuses it in production,
 * and a hash records its own parameters, so verification is the same code either way.
 */
const TEST_COST = { parallelism: 1, iterations: 1, memorySize: 64, hashLength: 32 } as const;
const params = () => (process.env.TREVO_PASSWORD_COST === 'test' ? TEST_COST : OWASP);

/** Hashes a password into a self-describing `$argon2id$…` string. */
export async function hashPassword(password: string): Promise<string> {
  return argon2id({ ...params(), password, salt: randomBytes(16), outputType: 'encoded' });
}

/** True when `password` matches `hash`; never throws on a malformed hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real verification, so an unknown username answers exactly as slowly
 * as a wrong password (security.md: unknown user and wrong password answer identically).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('trevo-dummy-password-never-matches');
  await verifyPassword(password, await dummyHash);
  return false;
}
