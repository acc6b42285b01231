import type { MESSAGE_TEXT } from '../message-text';

type FunctionKeys = {
  [K in keyof typeof MESSAGE_TEXT]: (typeof MESSAGE_TEXT)[K] extends (...args: never[]) => string ? K : never;
}[keyof typeof MESSAGE_TEXT];

/**
 * The names of the values each message with blanks takes, in the order its MESSAGE_TEXT function takes them.
 * The catalogs write a blank as {{name}}. ('count' is avoided: i18next reads it as a plural count.)
 */
export const MESSAGE_PARAMS = {
  buttonMissingUrl: ['title'],
  buttonMissingTitle: ['url'],
  senderNotConnected: ['number', 'state'],
  editError: ['message'],
  suspendedLabel: ['times'],
  attemptingRow: ['code'],
  waitingRow: ['seconds'],
  fileMalformed: ['detail'],
  importDone: ['total'],
  skippedMore: ['total'],
  bonusHeader: ['amount'],
  referralTotal: ['amount'],
  confirmSendBonus: ['amount', 'name'],
  confirmAcceptWithdraw: ['amount', 'name'],
  confirmRejectWithdraw: ['amount', 'name'],
  confirmCancelWithdraw: ['amount', 'name'],
  blastFinished: ['account'],
  blastStopped: ['account', 'reason'],
  lookupProgress: ['done', 'total'],
  proxyImportDone: ['total'],
  proxySkippedMore: ['total'],
  templateImportDone: ['created', 'skipped'],
  receiversShown: ['shown'],
  pausedFailRate: ['failed', 'window', 'percent'],
  governedQuietHours: ['end'],
  governedTierLimit: ['limit'],
  scheduledAt: ['when'],
  confirmRemoveSuppression: ['number'],
  numberSuppressed: ['number'],
  optOutPageQuestion: ['number'],
  optOutPageDone: ['number'],
  directSendQuietHours: ['end'],
  directSendHeld: ['held'],
  directSendSkipped: ['skipped'],
  templateVariableUnknown: ['names'],
  templatePausedBlock: ['template', 'percent', 'limit'],
  templatePausedReport: ['template', 'percent', 'limit'],
  templatePausedOptOut: ['template', 'percent', 'limit'],
  templateRejected: ['template', 'reason'],
  templateAwaitingReview: ['template'],
  segmentFieldUnknown: ['names'],
  abTestTemplateNotSendable: ['template'],
} as const satisfies Record<FunctionKeys, readonly string[]>;

export type ParamKey = keyof typeof MESSAGE_PARAMS;
