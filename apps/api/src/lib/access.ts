import { MSG } from '@blaster/contract';
import { HttpError } from './errors';
import { isOperator, type AuthUser } from './routes';

/** The one owner check: a user acts on their own rows; admin and dev on anyone's. */
export function assertOwnerOrOperator(user: AuthUser, ownerId: number | null | undefined) {
  if (ownerId !== user.id && !isOperator(user)) throw new HttpError(403, MSG.forbidden);
}
