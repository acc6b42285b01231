import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_USERS, MESSAGE_TEXT as MSG, ROLES, type Role } from '@blaster/contract';
import type { RouteEntry } from '../src/lib/routes';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
const callers = {} as Record<Role, { id: number; token: string }>;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) callers[role] = await t.createUser(role);
});
afterAll(() => t.close());

const guarded = () =>
  t.ctx.routeTable.filter(
    (entry) => entry.url.startsWith('/api/admin/') || entry.url.startsWith('/api/dev/'),
  );

/** Fills path parameters with the caller's own id, so ownership never decides the answer. */
function urlFor(entry: RouteEntry, ownId: number) {
  return entry.url.replace(/:(\w+)/g, () => String(ownId));
}

describe('authorization matrix over every registered /api/admin and /api/dev route', () => {
  it('has routes to check', () => {
    expect(guarded().length).toBeGreaterThan(10);
    for (const entry of guarded()) expect(entry.access).not.toBe('public');
  });

  it('answers 401 to a caller without a token and to a forged token', async () => {
    for (const entry of guarded()) {
      const url = urlFor(entry, callers.member.id);
      const anonymous = await t.call(entry.method, url, { body: entry.method === 'GET' ? undefined : {} });
      expect(anonymous.status, `${entry.method} ${entry.url}`).toBe(401);
      expect(anonymous.body.msg).toBe(MSG.unauthorized);
      const forged = await t.call(entry.method, url, { token: `${callers.admin.token}x` });
      expect(forged.status, `${entry.method} ${entry.url} forged`).toBe(401);
    }
  });

  for (const role of ROLES) {
    it(`admits ${role} exactly where the route declares it`, async () => {
      for (const entry of guarded()) {
        const caller = callers[role];
        const answer = await t.call(entry.method, urlFor(entry, caller.id), {
          token: caller.token,
          body: entry.method === 'GET' ? undefined : {},
        });
        const label = `${role} ${entry.method} ${entry.url} -> ${answer.status} ${JSON.stringify(answer.body)}`;
        if (entry.access === 'public' || !entry.access.includes(role)) {
          expect(answer.status, label).toBe(403);
          expect(answer.body.msg).toBe(MSG.forbidden);
        } else {
          // An admitted caller may still get 400 (empty body) or 404 (an id that names no
          // level or bonus), never 401/403 and never a server error.
          expect([200, 400, 404], label).toContain(answer.status);
        }
      }
    });
  }

  it("refuses a member or staff asking for another user's or everyone's data", async () => {
    const owned = guarded().filter((entry) => entry.ownerParam);
    expect(owned.length).toBeGreaterThan(3);
    for (const role of ['member', 'staff'] as const) {
      for (const entry of owned) {
        if (entry.access === 'public' || !entry.access.includes(role)) continue;
        for (const other of [callers.admin.id, ALL_USERS]) {
          const url = entry.url.replace(`:${entry.ownerParam}`, String(other));
          const answer = await t.call(entry.method, url, { token: callers[role].token, body: {} });
          expect(answer.status, `${role} ${entry.method} ${url}`).toBe(403);
        }
      }
    }
  });

  it("lets admin and dev read any user's figures and the platform-wide ones", async () => {
    for (const role of ['admin', 'dev'] as const) {
      for (const entry of guarded().filter((e) => e.ownerParam && e.method === 'GET')) {
        for (const other of [callers.member.id, ALL_USERS]) {
          if (entry.ownerParam === 'id' && other === ALL_USERS) continue;
          const url = entry.url.replace(`:${entry.ownerParam}`, String(other));
          const answer = await t.call('GET', url, { token: callers[role].token });
          expect(answer.status, `${role} GET ${url}`).toBe(200);
        }
      }
    }
  });
});
