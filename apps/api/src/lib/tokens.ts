import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@blaster/contract';

/** What a valid token says: whose it is, and the user's token version when it was signed. */
export interface TokenClaims {
  userId: number;
  version: number;
}

export interface TokenService {
  /** `version` is the user's current token version; bumping the user's version revokes the token. */
  sign(userId: number, version?: number): Promise<string>;
  /** The claims, or null when the token is forged, malformed or expired (revocation is checked by the caller). */
  verify(token: string): Promise<TokenClaims | null>;
  /**
   * An HMAC-SHA256 of `data` under the same secret, for other things the server signs (short links):
   * `purpose` keeps a signature made for one use from passing for another.
   */
  mac(purpose: string, data: string): Buffer;
}

/** Verified tokens remembered at most (the oldest is forgotten first). */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(secret: string, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature does not change: each one is checked once, and its claims reused until it
  // expires (checking the signature again cost more than the rest of a short request's own work).
  // Revocation is not decided here: the caller compares the version with the stored user's.
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return {
    mac(purpose, data) {
      return createHmac('sha256', key).update(`${purpose}\n${data}`).digest();
    },
    sign(userId, version = 0) {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        // Tokens signed before versions existed carry none: they belong to version 0.
        const version = payload.ver === undefined ? 0 : Number(payload.ver);
        if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(version)) return null;
        const claims = { userId, version };
        if (payload.exp !== undefined) {
          if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
