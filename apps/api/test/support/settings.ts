import { expect } from 'vitest';
import { API, type Setting } from '@blaster/contract';
import type { TestApp } from './app';

/** Changes some settings as `token`'s user does on the settings page: the rest saved back as they are. */
export async function changeSettings(t: TestApp, token: string, change: Partial<Setting>) {
  const current = await t.call<{ setting: Setting }>('GET', API.settingGet, { token });
  const saved = await t.call('PUT', API.settingUpdate, {
    token,
    body: { ...current.body.setting, ...change },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** The clock in the app's time zone `offsetHours` from now, as quiet hours are written ('HH:MM'). */
export const clockIn = (t: TestApp, offsetHours: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: t.ctx.config.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + offsetHours * 3_600_000));
