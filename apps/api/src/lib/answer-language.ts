import type { FastifyInstance } from 'fastify';
import { Message, languageFromHeader, renderMessage, type Language } from '@blaster/contract';

/**
 * The answer with every message in it written in the language: a copy of only the objects and arrays
 * that hold one (answers are mostly rows without any), the answer itself when there is none.
 */
function rendered(value: unknown, language: Language): unknown {
  if (value instanceof Message) return renderMessage(value, language);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const written = rendered(item, language);
      if (written !== item) (copy ??= [...value])[index] = written;
    });
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  let copy: Record<string, unknown> | null = null;
  for (const [field, item] of Object.entries(value)) {
    const written = rendered(item, language);
    if (written !== item) (copy ??= { ...value })[field] = written;
  }
  return copy ?? value;
}

/**
 * Routes answer with messages by key (MSG); here, once for all of them, each is written in the
 * language the request's Accept-Language asks for when that is English or Indonesian, and in the
 * spec's wording otherwise.
 */
export function registerAnswerLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const answer = rendered(payload, languageFromHeader(request.headers['accept-language']));
    // The same address answers differently per language: caches must keep them apart.
    if (answer !== payload) reply.header('vary', 'Accept-Language');
    return answer;
  });
}
