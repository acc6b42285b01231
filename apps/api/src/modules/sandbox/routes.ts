import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ALL_ROLES,
  API,
  CONNECTION_STATES,
  MSG,
  deviceIdSchema,
  sandboxScanBodySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { messageTemplates, phoneNumbers } from '../../db/schema';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import { route } from '../../lib/routes';
import { recordAudit } from '../audit/service';

const demoDataSchema = z.object({ count: z.coerce.number().int().min(1).max(5_000).default(20) });
const deviceActionSchema = z.object({
  deviceId: deviceIdSchema,
  action: z.enum([
    ...CONNECTION_STATES,
    'suspendNext',
    'unhandledRejection',
    'uncaughtException',
    'database_error',
  ]),
});

/**
 * Controls of the sandbox gateway, so a person (or a test) can finish every flow by hand: scanning
 * a QR or entering a pairing code, changing a device's connection, seeding blast targets.
 */
export function sandboxRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'POST',
    url: API.sandboxScan,
    access: ALL_ROLES,
    body: sandboxScanBodySchema,
    handler: async ({ body, user }) => {
      const owner = ctx.pendingDevices.get(body.deviceId);
      if (owner === undefined) throw new HttpError(404, MSG.whatsappNotFound);
      assertOwnerOrOperator(user, owner);
      const scanned = await ctx.sandbox.scan(body.deviceId, body.code);
      if (!scanned) throw new HttpError(400, MSG.sandboxScanFailed);
      return { msg: 'OK' };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: '/api/dev/sandbox/device',
    access: ['dev'],
    body: deviceActionSchema,
    handler: async ({ body, user }) => {
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
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.sandboxDemoData,
    access: ['dev'],
    body: demoDataSchema,
    handler: async ({ body, user }) => {
      // Numbers in a range no carrier assigns; they only ever reach the sandbox.
      const base = 6280000000000 + Math.floor(Math.random() * 9_000_000) * 100;
      // The list every member's blast sends to changes: recorded with the change.
      return ctx.db.transaction(async (tx) => {
        const created = await tx
          .insert(phoneNumbers)
          .values(
            Array.from({ length: body.count }, (_, i) => ({
              number: String(base + i),
              name: `Demo ${i + 1}`,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: phoneNumbers.id });
        const templates = await tx.select({ id: messageTemplates.id }).from(messageTemplates).limit(1);
        if (templates.length === 0)
          await tx.insert(messageTemplates).values({
            text: '<p>Halo <strong>{name}</strong>, ini pesan untuk {phoneNumber}.</p>',
            textWa: 'Halo *{name}*, ini pesan untuk {phoneNumber}.',
          });
        const answer = { phoneNumbers: created.length, templates: templates.length === 0 ? 1 : 0 };
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'sandbox.demo_data',
          target: { type: 'phone_list', id: null },
          after: {
            phone_numbers: answer.phoneNumbers,
            templates: answer.templates,
            first_number: String(base),
          },
        });
        return answer;
      });
    },
  });
}
