import { MSG } from '@blaster/contract';
import { DomainError } from '../domain/errors';
import { isOperator, type AuthUser } from '../lib/routes';

/**
 * Who may send from an account (docs/decisions.md, "One send policy"): its owner; an operator (admin,
 * dev) from another user's account only when the request says it is on the owner's behalf, which
 * the audit trail then records. Nobody else.
 */
export function assertMaySendFrom(actor: AuthUser, owner: number, onBehalfOfOwner: boolean) {
  if (owner === actor.id) return;
  if (!isOperator(actor)) throw new DomainError('forbidden', MSG.forbidden);
  if (!onBehalfOfOwner) throw new DomainError('forbidden', MSG.sendFromOthersAccount);
}

/** Whether an operator acts on another user's account: such actions are audited. */
export const actsForAnother = (actor: AuthUser, owner: number) => owner !== actor.id && isOperator(actor);
