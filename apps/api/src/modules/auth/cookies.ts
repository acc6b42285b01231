import type { FastifyReply } from 'fastify';
import '@fastify/cookie';
import { COOKIE_AUTH_TOKEN, COOKIE_MAX_AGE_SECONDS, COOKIE_USER } from '@blaster/contract';

/**
 * The panel's token cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Secure under HTTPS. "Keep me logged in" makes it last 10 years, else until the browser
 * closes.
 */
export function setTokenCookie(reply: FastifyReply, token: string, keep = true) {
  reply.setCookie(COOKIE_AUTH_TOKEN, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
    ...(keep ? { maxAge: COOKIE_MAX_AGE_SECONDS } : {}),
  });
}

/** Both cookies of a session: the token and the panel's readable user. */
export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(COOKIE_AUTH_TOKEN, { path: '/' });
  reply.clearCookie(COOKIE_USER, { path: '/' });
}
