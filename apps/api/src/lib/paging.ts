import { PAGE_SIZE } from '@blaster/contract';

export const pageOffset = (page: number) => (page - 1) * PAGE_SIZE;

export function pageMeta(page: number, total: number) {
  return { page, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

/** The user a list is about: members and staff always themselves, operators whoever they name (or all). */
export function listOwner(
  actor: { id: number; role: string },
  named: number | '' | 'null' | undefined,
): number | null {
  if (actor.role !== 'admin' && actor.role !== 'dev') return actor.id;
  return typeof named === 'number' ? named : null;
}
