import type { WithdrawStatus } from '@blaster/contract';
import type { Messages } from '../../i18n';

export interface Decision {
  to: WithdrawStatus;
  label: string;
  tone: string;
  /** The question asked before the decision is sent, and its confirm button. */
  question(amount: string, name: string): string;
  confirm: string;
}
/** The decisions offered per status, in the language shown: only the moves the server accepts from it. */
export function decisionsIn(MSG: Messages): Record<WithdrawStatus, Decision[]> {
  const accept: Decision = {
    to: 'accepted',
    label: MSG.accept,
    tone: 'bg-emerald-700 hover:bg-emerald-800 text-white',
    question: MSG.confirmAcceptWithdraw,
    confirm: MSG.yesAccept,
  };
  const reject: Decision = {
    to: 'rejected',
    label: MSG.reject,
    tone: 'bg-red-600 hover:bg-red-700 text-white',
    question: MSG.confirmRejectWithdraw,
    confirm: MSG.yesReject,
  };
  const cancel: Decision = {
    to: 'requested',
    label: MSG.cancelDecision,
    tone: 'bg-gray-600 hover:bg-gray-700 text-white',
    question: MSG.confirmCancelWithdraw,
    confirm: MSG.yesCancelDecision,
  };
  return { requested: [accept, reject], accepted: [cancel], rejected: [cancel] };
}
