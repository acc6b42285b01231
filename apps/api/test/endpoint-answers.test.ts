import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, MESSAGE_TEXT } from '@blaster/contract';
import { levelRepository } from '../src/modules/level/repository';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser('admin');
});
afterAll(() => t.close());

describe('answers checked against the contract’s endpoint table', () => {
  it('fails the request with a 500 when a handler answers outside its schema', async () => {
    await t.call('POST', ENDPOINTS.levelCreate.path, {
      token: admin.token,
      body: { name: 'Perak', blast_fee: 10, requirement_blast: 5 },
    });
    const good = await t.call<{ list: { name: string }[] }>('GET', ENDPOINTS.levelList.path, {
      token: admin.token,
    });
    expect(good.status).toBe(200);
    expect(good.body.list.map((level) => level.name)).toContain('Perak');

    const spy = vi.spyOn(levelRepository, 'inRequirementOrder').mockResolvedValue([
      // A fee the database could never hold: the answer schema wants a whole number.
      {
        id: 1,
        name: 'Perak',
        blastFee: 'sepuluh' as unknown as number,
        requirementBlast: 5,
        createdAt: new Date(),
      },
    ]);
    try {
      const bad = await t.call<{ msg: string; requestId?: string }>('GET', ENDPOINTS.levelList.path, {
        token: admin.token,
      });
      expect(bad.status).toBe(500);
      expect(bad.body.msg).toBe(MESSAGE_TEXT.internalServerError);
      expect(bad.body.requestId).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });

  it('drops keys the schema does not name, so nothing undocumented leaks', async () => {
    const spy = vi
      .spyOn(levelRepository, 'inRequirementOrder')
      .mockResolvedValue([{ id: 1, name: 'Perak', blastFee: 10, requirementBlast: 5, secret: 'x' } as never]);
    try {
      const answer = await t.call<{ list: Record<string, unknown>[] }>('GET', ENDPOINTS.levelList.path, {
        token: admin.token,
      });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.list[0]!).sort()).toEqual(
        ['blast_fee', 'color', 'id', 'name', 'requirement_blast'].sort(),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('serves every endpoint of the table, at its method and path', () => {
    const served = new Set(t.ctx.routeTable.map((entry) => `${entry.method} ${entry.url}`));
    const missing = Object.entries(ENDPOINTS)
      .filter(([, entry]) => !served.has(`${entry.method} ${entry.path}`))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
