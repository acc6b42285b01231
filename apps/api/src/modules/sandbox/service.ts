import type { z } from 'zod';
import {
  CONNECTION_STATES,
  MSG,
  type sandboxDemoDataBodySchema,
  type sandboxDeviceBodySchema,
  type sandboxNetworkBodySchema,
  type sandboxScanBodySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../../lib/routes';
import { recordAudit } from '../audit/service';
import { sandboxRepository as sandbox } from './repository';

const DEMO_TEMPLATE = {
  text: '<p>Halo <strong>{name}</strong>, ini pesan untuk {phoneNumber}.</p>',
  textWa: 'Halo *{name}*, ini pesan untuk {phoneNumber}.',
};

export async function scanDevice(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof sandboxScanBodySchema>,
) {
  const owner = ctx.pendingDevices.get(body.deviceId);
  if (owner === undefined) throw new HttpError(404, MSG.whatsappNotFound);
  assertOwnerOrOperator(user, owner);
  const scanned = await ctx.sandbox.scan(body.deviceId, body.code);
  if (!scanned) throw new HttpError(400, MSG.sandboxScanFailed);
  return { msg: 'OK' };
}

export async function actOnDevice(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof sandboxDeviceBodySchema>,
) {
  if (!ctx.gateway.state(body.deviceId) && !ctx.gateway.info(body.deviceId))
    throw new HttpError(404, MSG.whatsappNotFound);
  // Recorded first: no device action happens without its entry.
  await recordAudit(ctx.db, ctx, {
    actor: user,
    action: 'sandbox.device',
    target: { type: 'device', id: body.deviceId },
    before: { state: ctx.gateway.state(body.deviceId) ?? null },
    after: { action: body.action },
  });
  if (body.action === 'suspendNext') ctx.sandbox.suspendNext(body.deviceId);
  else if ((CONNECTION_STATES as readonly string[]).includes(body.action))
    ctx.sandbox.setState(body.deviceId, body.action as (typeof CONNECTION_STATES)[number]);
  else
    ctx.sandbox.raiseError(
      body.deviceId,
      body.action as 'unhandledRejection' | 'uncaughtException' | 'database_error',
      'sandbox error',
    );
  return { msg: 'OK' };
}

/**
 * Changes the network's reputation model as a dev asks: reactions of a template's or a device's
 * recipients, a device's tier, the clock. Recorded first, like every sandbox action.
 */
export async function changeNetwork(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof sandboxNetworkBodySchema>,
) {
  const { deviceId, template, reactions, engagement, tier, advanceHours } = body;
  if (deviceId !== undefined && !ctx.gateway.state(deviceId) && !ctx.gateway.info(deviceId))
    throw new HttpError(404, MSG.whatsappNotFound);
  await recordAudit(ctx.db, ctx, {
    actor: user,
    action: 'sandbox.network',
    target: { type: 'device', id: deviceId ?? null },
    after: { template, reactions, engagement, tier, advance_hours: advanceHours },
  });
  if (reactions !== undefined) {
    if (template !== undefined) ctx.sandbox.setTemplateReactions(template, reactions);
    else if (deviceId !== undefined) ctx.sandbox.setReactions(deviceId, reactions);
  }
  if (engagement !== undefined && template !== undefined)
    ctx.sandbox.setTemplateEngagement(template, engagement);
  if (tier !== undefined && deviceId !== undefined) ctx.sandbox.setTier(deviceId, tier);
  if (advanceHours) ctx.sandbox.advanceClock(advanceHours * 3_600_000);
  return { msg: 'OK', standing: deviceId === undefined ? null : ctx.gateway.standing(deviceId) };
}

/** Demo numbers and a template, so a blast has something to send; the change is recorded with it. */
export async function addDemoData(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof sandboxDemoDataBodySchema>,
) {
  // Numbers in a range no carrier assigns; they only ever reach the sandbox.
  const base = 6280000000000 + Math.floor(Math.random() * 9_000_000) * 100;
  const numbers = Array.from({ length: body.count }, (_, i) => ({
    number: String(base + i),
    name: `Demo ${i + 1}`,
  }));
  // The list every member's blast sends to changes: recorded with the change.
  return ctx.db.transaction(async (tx) => {
    const answer = {
      phoneNumbers: await sandbox.addNumbers(tx, numbers),
      templates: await sandbox.addTemplateIfNone(tx, DEMO_TEMPLATE),
    };
    await recordAudit(tx, ctx, {
      actor: user,
      action: 'sandbox.demo_data',
      target: { type: 'phone_list', id: null },
      after: { phone_numbers: answer.phoneNumbers, templates: answer.templates, first_number: String(base) },
    });
    return answer;
  });
}
