import { z } from '../validation-texts';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { roleSchema } from './user';
import { idSchema, pageQuerySchema, sortQuerySchema } from './common';

/** Everything the audit trail records (one entry per change). */
export const AUDIT_ACTIONS = [
  'bonus.create',
  'bonus.revoke',
  'withdraw.accept',
  'withdraw.reject',
  'withdraw.cancel',
  'user.update',
  'level.create',
  'level.update',
  'level.delete',
  'setting.update',
  'sandbox.device',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotate',
  'suppression.add',
  'suppression.remove',
  'user.create',
  'message.send',
  'blast.start',
  'blast.stop',
  'blast.schedule',
  'blast.schedule_cancel',
  'sandbox.demo_data',
  'sandbox.network',
  'phone.bulk_delete',
  'phone.bulk_suppress',
  'suppression.bulk_remove',
  'template.approve',
  'template.reject',
  'template.pause',
  'segment.create',
  'segment.update',
  'segment.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the panel names each action (decision: the spec has no audit screen, so no wording of its own). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'bonus.create': 'Bonus diberikan',
  'bonus.revoke': 'Bonus dicabut',
  'withdraw.accept': 'Withdraw diterima',
  'withdraw.reject': 'Withdraw ditolak',
  'withdraw.cancel': 'Keputusan withdraw dibatalkan',
  'user.update': 'Data pengguna diubah',
  'level.create': 'Level ditambah',
  'level.update': 'Level diubah',
  'level.delete': 'Level dihapus',
  'setting.update': 'Pengaturan diubah',
  'sandbox.device': 'Aksi perangkat sandbox',
  'webhook.create': 'Endpoint webhook ditambah',
  'webhook.update': 'Endpoint webhook diubah',
  'webhook.delete': 'Endpoint webhook dihapus',
  'webhook.rotate': 'Secret webhook diganti',
  'suppression.add': 'Nomor ditambahkan ke suppression',
  'suppression.remove': 'Nomor dihapus dari suppression',
  'user.create': 'Pengguna ditambah',
  'message.send': 'Pesan dikirim dari Blaster',
  'blast.start': 'Blast dimulai',
  'blast.stop': 'Blast dihentikan',
  'blast.schedule': 'Blast dijadwalkan',
  'blast.schedule_cancel': 'Jadwal blast dibatalkan',
  'sandbox.demo_data': 'Data demo ditambah',
  'sandbox.network': 'Aturan jaringan sandbox diubah',
  'phone.bulk_delete': 'Phone number dihapus massal',
  'phone.bulk_suppress': 'Phone number dimasukkan ke suppression massal',
  'suppression.bulk_remove': 'Nomor dihapus dari suppression massal',
  'template.approve': 'Template disetujui',
  'template.reject': 'Template ditolak',
  'template.pause': 'Template dijeda oleh feedback penerima',
  'segment.create': 'Segmen ditambah',
  'segment.update': 'Segmen diubah',
  'segment.delete': 'Segmen dihapus',
};

/**
 * What an entry is about: a member (bonuses, profile changes), a withdrawal, a level, the settings, a
 * device, a chat account (sends and blasts on it), the shared phone-number list, a message template,
 * a saved audience (segment).
 */
export const AUDIT_TARGET_TYPES = [
  'user',
  'withdrawal',
  'level',
  'setting',
  'device',
  'webhook',
  'suppression',
  'whatsapp',
  'phone_list',
  'template',
  'segment',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const dateTime = z.iso.datetime({ offset: true, error: MSG.invalidRequest });
const date = z.iso.date({ error: MSG.invalidRequest });

/**
 * Filters of the audit list; `search` matches the actor's name or e-mail. `from` and `to` take a
 * date-time, or a date (`to` then includes that whole day, in UTC).
 */
/** The audit trail sorts by its time only, either way: newest first is its own order. */
export const AUDIT_SORT_KEYS = ['time'] as const;
export const auditPageQuerySchema = pageQuerySchema.extend({
  ...sortQuerySchema(AUDIT_SORT_KEYS).shape,
  action: z.enum(AUDIT_ACTIONS, { error: MSG.invalidRequest }).optional(),
  actor: idSchema().optional(),
  target_type: z.enum(AUDIT_TARGET_TYPES, { error: MSG.invalidRequest }).optional(),
  target_id: z.string().trim().min(1).max(100).optional(),
  from: z.union([dateTime, date], { error: MSG.invalidRequest }).optional(),
  to: z.union([dateTime, date], { error: MSG.invalidRequest }).optional(),
});

/** Only the fields that changed; a password change is `password_changed: true`, never a hash. */
export const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actor: z
    .object({ id: z.number().int(), role: roleSchema.nullable(), name: z.string().nullable() })
    .nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    id: z.string().nullable(),
    /**
     * The member's name for users and withdrawals, the level's name, a template's first words; null
     * when gone or unnamed.
     */
    name: z.string().nullable(),
  }),
  before: auditValuesSchema,
  after: auditValuesSchema,
  instance: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
