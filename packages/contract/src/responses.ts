import type { z } from 'zod';
import type { API } from './paths';
import type { AuditEntry } from './schemas/audit';
import type { AuthAnswer, validateAnswerSchema } from './schemas/auth';
import type { Paged } from './schemas/common';
import type { FunnelAnswer, PhoneNumberWithConsentRow, SuppressionRow } from './schemas/consent';
import type {
  balanceAnswerSchema,
  messageLogCountAnswerSchema,
  phoneCountBlastAnswerSchema,
  proxyCountUseAnswerSchema,
  successFailAnswerSchema,
  todayIncomeAnswerSchema,
  totalBonusAnswerSchema,
  whatsappCountAnswerSchema,
} from './schemas/dashboard';
import type { HealthAnswer } from './schemas/governance';
import type { LookupKind, LookupRow } from './schemas/lookup';
import type { BonusRow, Level, ReferralRow, WithdrawRow } from './schemas/money';
import type { ImportAnswer, ProxyRow, TemplateRow } from './schemas/resources';
import type { settingAnswerSchema } from './schemas/setting';
import type {
  StatsDailyAnswer,
  StatsHourlyAnswer,
  StatsLookupAnswer,
  StatsTopAccountsAnswer,
} from './schemas/stats';
import type {
  MemberRow,
  User,
  activeCountAnswerSchema,
  blastFeeAnswerSchema,
  userAnswerSchema,
  usersAnswerSchema,
} from './schemas/user';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from './schemas/webhooks';
import type { MonitorMessage, WhatsappRow } from './schemas/whatsapp';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The answer every change without data of its own gives: the text to show. */
type Said = { msg: string };
type SettingAnswer = z.infer<typeof settingAnswerSchema>;
type UserAnswer = { user: User };

/**
 * What the server answers on each API path (by its name in `API`) and method: the types the panel's
 * calls and the server's routes share, so neither writes an answer's shape by hand.
 */
export interface ApiAnswers {
  login: { POST: AuthAnswer };
  register: { POST: AuthAnswer };
  validate: { POST: z.infer<typeof validateAnswerSchema> };
  user: { GET: z.infer<typeof userAnswerSchema>; PUT: UserAnswer & { token?: string } };
  userCreate: { POST: UserAnswer };
  blastFee: { GET: z.infer<typeof blastFeeAnswerSchema> };
  members: { GET: z.infer<typeof usersAnswerSchema> };
  staffUsers: { GET: z.infer<typeof usersAnswerSchema> };
  membersPerPage: { GET: Paged<MemberRow> };
  activeUsers: { GET: z.infer<typeof activeCountAnswerSchema> };
  referralPerPage: { GET: Paged<ReferralRow> & { total: number } };

  whatsappCount: { GET: z.infer<typeof whatsappCountAnswerSchema> };
  messageLogCount: { GET: z.infer<typeof messageLogCountAnswerSchema> };
  todayIncome: { GET: z.infer<typeof todayIncomeAnswerSchema> };
  todayCount: { GET: z.infer<typeof successFailAnswerSchema> };
  totalCount: { GET: z.infer<typeof successFailAnswerSchema> };
  balance: { GET: z.infer<typeof balanceAnswerSchema> };
  totalBonus: { GET: z.infer<typeof totalBonusAnswerSchema> };
  proxyCountUse: { GET: z.infer<typeof proxyCountUseAnswerSchema> };
  phoneCountBlast: { GET: z.infer<typeof phoneCountBlastAnswerSchema> };
  settingGet: { GET: SettingAnswer };
  settingUpdate: { PUT: SettingAnswer };

  bonusPerPage: { GET: Paged<BonusRow> };
  levelCreate: { POST: Said };
  level: { PUT: Said };
  levelPerPage: { GET: Paged<Level> };

  withdrawRequest: { POST: Said & { withdraw: WithdrawRow } };
  withdrawHistoriesPerPage: { GET: Paged<WithdrawRow> };
  withdrawUpdate: { PUT: Said };

  whatsappNewClient: { POST: { proxyId: number | null } };
  whatsappQr: { GET: { qr: string | null; code: string | null } };
  whatsappClientState: { GET: { state: string | null } };
  whatsappListOf: { GET: { list: WhatsappRow[] } };
  whatsappList: { GET: { list: WhatsappRow[] } };
  whatsappPerPage: { GET: Paged<WhatsappRow> };
  whatsappReset: { POST: { data: WhatsappRow } };
  whatsappActivate: { POST: { data: WhatsappRow } };
  whatsappSchedule: { POST: { whatsapp: WhatsappRow } };
  whatsappHealth: { GET: HealthAnswer & { whatsapp: WhatsappRow } };

  monitorLocal: { GET: { data: MonitorMessage[] } };
  monitorRemote: { GET: { data: MonitorMessage[] } };
  monitorSocket: { GET: { data: MonitorMessage[] } };
  config: { GET: { gateway: string } };

  phoneList: { GET: { list: PhoneNumberWithConsentRow[] } };
  phonePerPage: { GET: Paged<PhoneNumberWithConsentRow> };
  proxyList: { GET: { list: ProxyRow[] } };
  proxyPerPage: { GET: Paged<ProxyRow> };
  messageList: { GET: { list: TemplateRow[] } };
  messagePerPage: { GET: Paged<TemplateRow> };
  messageImport: { POST: ImportAnswer<TemplateRow, { index: number; reason: string }> };
  lookupPerPage: { GET: Paged<LookupRow> };
  /** The job under its kind's name (`generator` or `validator`). */
  /** The job under its own kind's name (`generator` or `validator`). */
  lookupStart: { POST: Partial<Record<LookupKind, LookupRow>> & Said };
  lookupStop: { POST: Partial<Record<LookupKind, LookupRow>> & Said };
  /** The generator's found numbers (JSON; `?format=csv` downloads a file instead). */
  lookupResult: { GET: { list: { number: string; name: string }[] } };
  auditPerPage: { GET: Paged<AuditEntry> };

  webhookEndpoints: { GET: { data: WebhookEndpoint[] }; POST: WebhookEndpointWithSecret };
  webhookEndpoint: { PUT: WebhookEndpointWithSecret; DELETE: Said };
  webhookRotateSecret: { POST: Said & { secret: string; data: WebhookEndpoint } };
  webhookTest: { POST: Said };
  webhookDeliveries: { GET: Paged<WebhookDelivery> };
  webhookRetry: { POST: Said };
  webhookReplay: { POST: Said };

  statsDaily: { GET: StatsDailyAnswer };
  statsHourly: { GET: StatsHourlyAnswer };
  statsTopAccounts: { GET: StatsTopAccountsAnswer };
  statsLookups: { GET: StatsLookupAnswer };
  suppressionPerPage: { GET: Paged<SuppressionRow> };
  suppressionCreate: { POST: Said };
  suppression: { DELETE: Said };
  funnel: { GET: FunnelAnswer };
}

/** Fails to compile when a name of ApiAnswers is not a path of `API`. */
type PathName<P extends keyof typeof API> = P;
type _EveryNameIsAPath = PathName<keyof ApiAnswers>;

/**
 * The answer of `API[P]` called with method `M`; without `M`, the path's only answer (or the union
 * of its answers). `apiRequest<AnswerOf<'settingGet'>>(API.settingGet)`.
 */
export type AnswerOf<
  P extends keyof ApiAnswers,
  M extends keyof ApiAnswers[P] & HttpMethod = keyof ApiAnswers[P] & HttpMethod,
> = ApiAnswers[P][M];
