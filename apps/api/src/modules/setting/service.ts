import type { Setting, SettingRow } from '@blaster/contract';
import type { AppContext } from '../../context';
import { readSettings, updateSettings } from '../../domain/settings';
import type { AuthUser } from '../../lib/routes';
import { recordAudit } from '../audit/service';

export const currentSettings = (ctx: AppContext) => readSettings(ctx.db);

/** Changes the settings with their audit entry, the row held so what was read is what changes. */
export function changeSettings(ctx: AppContext, actor: AuthUser, values: Setting): Promise<SettingRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await readSettings(tx, { lock: true });
    const after = await updateSettings(tx, values);
    await recordAudit(tx, ctx, {
      actor,
      action: 'setting.update',
      target: { type: 'setting', id: 1 },
      before,
      after,
    });
    return after;
  });
}
