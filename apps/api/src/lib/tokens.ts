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
}

export function createTokenService(secret: string, lifetimeSeconds = TOKEN_LIFETIME_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign(userId, version = 0) {
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        // Tokens signed before versions existed carry none: they belong to version 0.
        const version = payload.ver === undefined ? 0 : Number(payload.ver);
        if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(version)) return null;
        return { userId, version };
      } catch {
        return null;
      }
    },
  };
}
