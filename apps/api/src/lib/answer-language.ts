import type { FastifyInstance } from 'fastify';
import { languageFromHeader, translateMessage, type Language } from '@blaster/contract';

/** The fields of an answer that carry a text to show (msg; some answers use message or error). */
const TEXT_FIELDS = ['msg', 'message', 'error'] as const;

function translateAnswer(payload: Record<string, unknown>, language: Language): Record<string, unknown> {
  let answer: Record<string, unknown> | null = null;
  const set = (field: string, value: unknown) => {
    answer ??= { ...payload };
    answer[field] = value;
  };
  for (const field of TEXT_FIELDS) {
    const text = payload[field];
    if (typeof text === 'string') {
      const translated = translateMessage(text, language);
      if (translated !== text) set(field, translated);
    }
  }
  const errors = payload.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const entries = Object.entries(errors as Record<string, unknown>).map(([name, text]) => [
      name,
      typeof text === 'string' ? translateMessage(text, language) : text,
    ]);
    set('errors', Object.fromEntries(entries));
  }
  return answer ?? payload;
}

/**
 * Every route writes its messages in the spec's wording (MSG). Here, once for all of them, an answer's
 * `msg`/`message`/`error` and per-field `errors` are given in the language the request's
 * Accept-Language asks for when that is English or Indonesian; otherwise they stay the spec's.
 */
export function registerAnswerLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const record = payload as Record<string, unknown>;
    if (!TEXT_FIELDS.some((field) => typeof record[field] === 'string') && !record.errors) return payload;
    // The same address answers differently per language: caches must keep them apart.
    reply.header('vary', 'Accept-Language');
    const language = languageFromHeader(request.headers['accept-language']);
    return language === 'default' ? payload : translateAnswer(record, language);
  });
}
