import {
  MSG,
  FORM_CONSENT_SOURCE,
  parseConsentTime,
  type PhoneConsent,
  type phoneNumberSaveWithConsentSchema,
  type phoneNumberUpdateWithConsentSchema,
} from '@blaster/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { phoneNumbers } from '../../db/schema';
import type { PageRequest } from '../../lib/paging';
import { uniqueRecords } from '../../lib/unique-records';
import { phoneRepository, type PhoneFilter, type PhoneRecord } from './repository';

type SaveBody = z.output<typeof phoneNumberSaveWithConsentSchema>;
type UpdateBody = z.output<typeof phoneNumberUpdateWithConsentSchema>;

export const presentPhone = (row: PhoneRecord) => ({
  id: row.id,
  number: row.number,
  name: row.name,
  status: row.status as 'active' | 'nonactive',
  in_use: row.inUse,
  count_success: row.countSuccess,
  count_fail: row.countFail,
  last_sent: row.lastSent?.toISOString() ?? null,
  consent_source: row.consentSource,
  consent_at: row.consentAt?.toISOString() ?? null,
  consent_note: row.consentNote,
  suppressed: row.suppressed,
});

/**
 * The consent columns the form's fields write: any field filled records consent, all sent empty clear
 * it, none sent (another client) leaves it as it is.
 */
function consentColumns(body: PhoneConsent) {
  if (body.consent_source === undefined && body.consent_at === undefined && body.consent_note === undefined)
    return {};
  if (!body.consent_source && !body.consent_at && !body.consent_note)
    return { consentSource: null, consentAt: null, consentNote: null };
  return {
    consentSource: body.consent_source || FORM_CONSENT_SOURCE,
    consentAt: parseConsentTime(body.consent_at) ?? new Date(),
    consentNote: body.consent_note || null,
  };
}

const phones = uniqueRecords({
  table: phoneNumbers,
  id: phoneNumbers.id,
  unique: { field: 'number', taken: () => MSG.phoneNumberTaken },
  notFound: () => MSG.phoneNumberNotFound,
  present: presentPhone,
});

/** One page of the phone number list: what list-per-page reads (the bench times exactly this). */
export async function readPhonePage(db: Db, request: PageRequest, filter?: PhoneFilter) {
  const { rows, meta } = await phoneRepository.page(db, request, filter);
  return { data: rows.map(presentPhone), meta };
}

export const phoneSlice = async (db: Db, query: Parameters<typeof phoneRepository.slice>[1]) =>
  (await phoneRepository.slice(db, query)).map(presentPhone);

export const countBlast = (db: Db) => phoneRepository.countBlast(db);

export const savePhone = (db: Db, { number, name, ...consent }: SaveBody) =>
  phones.save(db, { number, name, ...consentColumns(consent) });

export const findPhone = (db: Db, id: number) => phones.find(db, id);

export const updatePhone = (db: Db, id: number, { number, name, status, ...consent }: UpdateBody) =>
  phones.update(db, id, { number, name, status, ...consentColumns(consent) });

export const deletePhone = (db: Db, id: number) => phones.remove(db, id);
