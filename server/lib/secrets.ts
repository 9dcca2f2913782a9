// Password hashing (argon2id) and session tokens (random 256-bit, stored as SHA-256) (server only).
import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// OWASP-recommended argon2id minimum (19 MiB, 2 passes); algorithm 2 = Argon2id.
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** Whether a one-time link's token, as a request sent it, is worth a lookup (newToken gives 43 characters). */
export const isLinkToken = (token: unknown): token is string => typeof token === "string" && token.length >= 20 && token.length <= 200;
