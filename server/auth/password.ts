import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */ as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);
export const verifyPassword = async (stored: string | null | undefined, plain: string) => {
  if (!stored) return false;
  try { return await verify(stored, plain); } catch { return false; }
};
