/** API paths shared by the server's routes and the panel's calls. */
export const API_PREFIX = '/api';

export const API = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  validate: '/api/auth/validate',
  /** Ends every session of the caller (decision: no spec route) and clears the token cookie. */
  logout: '/api/auth/logout',
  user: (id: number | string) => `/api/admin/users/${id}`,
  blastFee: (id: number | string) => `/api/admin/users/blast-fee/${id}`,
  members: '/api/admin/users/members',
  membersPerPage: '/api/admin/users/members-per-page',
  activeUsers: '/api/admin/users/active',
  /** Operators' accounts (staff, dev, admin) and creating one (decision: no spec route). */
  staffUsers: '/api/admin/users/staff',
  userCreate: '/api/admin/users',
  whatsappCount: (userId: number | string) => `/api/admin/whatsapp/count/${userId}`,
  /** Running, held and paused blasts of one member, or of all ('all', operators). */
  whatsappCampaigns: (userId: number | string) => `/api/admin/whatsapp/campaigns/${userId}`,
  messageLogCount: (userId: number | string) => `/api/admin/messagelog/count/${userId}`,
  todayIncome: (userId: number | string) => `/api/admin/messagelog/today-income/${userId}`,
  todayCount: '/api/admin/messagelog/today-count',
  totalCount: '/api/admin/messagelog/total-count',
  balance: (userId: number | string) => `/api/admin/withdraw/balance/${userId}`,
  totalBonus: (userId: number | string) => `/api/admin/bonus/total/${userId}`,
  proxyCountUse: '/api/admin/proxy/count-use',
  phoneCountBlast: '/api/admin/phonenumber/count-blast',
  settingGet: '/api/admin/setting/get',
  settingUpdate: '/api/admin/setting/update',
  referralPerPage: '/api/admin/users/referral-per-page',

  bonusCreate: '/api/admin/bonus/create',
  bonus: (id: number | string) => `/api/admin/bonus/${id}`,
  bonusPerPage: '/api/admin/bonus/list-per-page',

  levelCreate: '/api/admin/level/create',
  level: (id: number | string) => `/api/admin/level/${id}`,
  levelPerPage: '/api/admin/level/list-per-page',
  levelList: '/api/admin/level/list',

  withdrawRequest: '/api/admin/withdraw/request',
  withdrawHistory: (userId: number | string) => `/api/admin/withdraw/history/${userId}`,
  withdrawHistories: '/api/admin/withdraw/histories',
  withdrawHistoriesPerPage: '/api/admin/withdraw/histories-per-page',
  withdrawIncome: (userId: number | string) => `/api/admin/withdraw/income/${userId}`,
  withdrawTotalRequested: (userId: number | string) => `/api/admin/withdraw/total-requested/${userId}`,
  withdrawTotalAccepted: (userId: number | string) => `/api/admin/withdraw/total-accepted/${userId}`,
  withdrawUpdate: '/api/admin/withdraw/update',

  whatsappNewClient: '/api/admin/whatsapp/new-client',
  whatsappRemoveClient: '/api/admin/whatsapp/remove-client',
  whatsappQr: (deviceId: string) => `/api/admin/whatsapp/qr-new-client/${deviceId}`,
  whatsappClientState: (deviceId: string) => `/api/admin/whatsapp/client-state/${deviceId}`,
  whatsappMessageCreated: (deviceId: string) => `/api/admin/whatsapp/listen-message-created/${deviceId}`,
  whatsappSendMessage: '/api/admin/whatsapp/send-message/1',
  whatsappSave: '/api/admin/whatsapp/save',
  whatsapp: (id: number | string) => `/api/admin/whatsapp/${id}`,
  whatsappListOf: (userId: number | string) => `/api/admin/whatsapp/list/${userId}`,
  whatsappList: '/api/admin/whatsapp/list',
  whatsappPerPage: '/api/admin/whatsapp/list-per-page',
  whatsappStatus: '/api/admin/whatsapp/status',
  whatsappInterval: '/api/admin/whatsapp/interval',
  whatsappStart: '/api/admin/whatsapp/start-blasting',
  whatsappStop: '/api/admin/whatsapp/stop-blasting',
  whatsappReset: '/api/admin/whatsapp/reset',
  whatsappActivate: '/api/admin/whatsapp/activate',
  /** Takes back a session in conflict without a new scan (decision: the spec's in-place reconnect). */
  whatsappReconnect: '/api/admin/whatsapp/reconnect',

  /** A blast set to start later (member on own accounts, operators on any), and its cancellation. */
  whatsappSchedule: '/api/admin/whatsapp/schedule',
  whatsappScheduleCancel: '/api/admin/whatsapp/schedule/cancel',
  /** One account's sends, failures, suspensions, disconnects and pauses (owner and operators). */
  whatsappHealth: (id: number | string) => `/api/admin/whatsapp/health/${id}`,

  /** Sandbox gateway only: finish a connect flow by "scanning" the QR or entering the pairing code. */
  sandboxScan: '/api/sandbox/scan',
  /** Dev only, sandbox only: recipients' reactions, a device's tier and the clock of the network's rules. */
  sandboxNetwork: '/api/dev/sandbox/network',
  /** Dev only, sandbox only: demo phone numbers and a template so a blast has something to send. */
  sandboxDemoData: '/api/dev/sandbox/demo-data',

  monitorLocal: '/api/dev/monitor/local',
  monitorRemote: '/api/dev/monitor/remote',
  monitorSocket: '/api/dev/monitor/socket',
  config: '/api/config',

  phoneList: '/api/admin/phonenumber/list',
  phonePerPage: '/api/admin/phonenumber/list-per-page',
  phoneNumber: (id: number | string) => `/api/admin/phonenumber/${id}`,
  phoneSave: '/api/admin/phonenumber/save',
  phoneFieldKeys: '/api/admin/phonenumber/fields',
  phoneImport: '/api/admin/phonenumber/import',
  phoneBulk: '/api/admin/phonenumber/bulk',
  phoneExport: '/api/admin/phonenumber/export',
  proxyList: '/api/admin/proxy/list',
  proxyPerPage: '/api/admin/proxy/list-per-page',
  proxy: (id: number | string) => `/api/admin/proxy/${id}`,
  proxySave: '/api/admin/proxy/save',
  proxyImport: '/api/admin/proxy/import',
  proxyBulk: '/api/admin/proxy/bulk',
  messageList: '/api/admin/message/list',
  messagePerPage: '/api/admin/message/list-per-page',
  message: (id: number | string) => `/api/admin/message/${id}`,
  messageCreate: '/api/admin/message/create',
  messageImport: '/api/admin/message/import',
  messageBulk: '/api/admin/message/bulk',
  messageReviewList: '/api/admin/message/review',
  messageReview: (id: number | string) => `/api/admin/message/${id}/review`,
  messageSubmit: (id: number | string) => `/api/admin/message/${id}/submit`,
  lookupPerPage: (kind: 'generator' | 'validator') => `/api/admin/${kind}/list-per-page`,
  lookup: (kind: 'generator' | 'validator', id: number | string) => `/api/admin/${kind}/${id}`,
  lookupCreate: (kind: 'generator' | 'validator') => `/api/admin/${kind}/create`,
  lookupStart: (kind: 'generator' | 'validator') => `/api/admin/${kind}/start`,
  lookupStop: (kind: 'generator' | 'validator') => `/api/admin/${kind}/stop`,
  lookupResult: (kind: 'generator' | 'validator', id: number | string) =>
    `/api/admin/${kind}/download-result/${id}`,
  /** A validator's uploaded file, for its owner and operators only. */
  validatorFile: (id: number | string) => `/api/admin/validator/file/${id}`,
  /** The audit trail (read only: no route changes or deletes an entry). */
  auditPerPage: '/api/admin/audit/list-per-page',
  /** Outbound webhooks (admin and dev): endpoints, their deliveries, test events and retries. */
  webhookEndpoints: '/api/admin/webhooks/endpoints',
  webhookEndpoint: (id: number | string) => `/api/admin/webhooks/endpoints/${id}`,
  webhookRotateSecret: (id: number | string) => `/api/admin/webhooks/endpoints/${id}/rotate-secret`,
  webhookTest: (id: number | string) => `/api/admin/webhooks/endpoints/${id}/test`,
  webhookDeliveries: '/api/admin/webhooks/deliveries',
  webhookRetry: (id: number | string) => `/api/admin/webhooks/deliveries/${id}/retry`,
  /** A dead delivery (given up after the retry limit) sent again from scratch. */
  webhookReplay: (id: number | string) => `/api/admin/webhooks/deliveries/${id}/replay`,

  /** Every skipped row of a finished import, for its importer: `?format=csv` or `json`. */
  importSkipped: (id: number | string) => `/api/admin/import/${id}/skipped`,
  /** Charts: sends and income per day of one member (or everyone), in the app's time zone. */
  statsDaily: (userId: number | string) => `/api/admin/stats/daily/${userId}`,
  /** Charts: sends per hour over the last 48 hours, with success rate (operators). */
  statsHourly: (userId: number | string) => `/api/admin/stats/hourly/${userId}`,
  /** Charts: the chat accounts with the most sends over a range of days (operators). */
  statsTopAccounts: '/api/admin/stats/top-accounts',
  /** Charts: the connected senders at each of the network's tiers, by quality (operators). */
  statsSenders: '/api/admin/stats/senders',
  /** Charts: generator or validator lookups per hour or day. */
  statsLookups: (userId: number | string) => `/api/admin/stats/lookups/${userId}`,
  /** Opted-out numbers: listed, added and removed by hand, exported as CSV. */
  suppressionPerPage: '/api/admin/suppression/list-per-page',
  suppressionCreate: '/api/admin/suppression/create',
  suppression: (number: string) => `/api/admin/suppression/${number}`,
  suppressionExport: '/api/admin/suppression/export',
  suppressionBulk: '/api/admin/suppression/bulk',
  /** Delivery funnel counts per template, account or day: a member's own, or 'all' for operators. */
  funnel: (userId: number | string) => `/api/admin/messagelog/funnel/${userId}`,
  /** Inbox threads (replies to blasts), one thread's messages, marking it read, answering in it. */
  inboxThreads: '/api/admin/inbox/threads',
  inboxMessages: (id: number | string) => `/api/admin/inbox/threads/${id}/messages`,
  inboxRead: (id: number | string) => `/api/admin/inbox/threads/${id}/read`,
  inboxReply: (id: number | string) => `/api/admin/inbox/threads/${id}/reply`,
  segmentList: '/api/admin/segment/list',
  segmentCreate: '/api/admin/segment',
  segment: (id: number | string) => `/api/admin/segment/${id}`,
  segmentCount: (id: number | string) => `/api/admin/segment/${id}/count`,
  segmentPreviewCount: '/api/admin/segment/preview-count',
  /** A/B tests of templates on an account's blast. */
  abTestList: '/api/admin/abtest/list',
  abTestTemplates: '/api/admin/abtest/templates',
  abTestCreate: '/api/admin/abtest',
  abTest: (id: number | string) => `/api/admin/abtest/${id}`,
  abTestCancel: (id: number | string) => `/api/admin/abtest/${id}/cancel`,
  /** Where uploaded template media is served from. */
  uploads: '/uploads',
} as const;

/** The value admin and dev pass as userId to count every account rather than one member's. */
export const ALL_USERS = 'all';

/**
 * The path with its parameters filled in: `/api/admin/level/:id` and `{ id: 3 }` give `/api/admin/level/3`. Kept
 * apart from the endpoint table, whose schemas bring zod to whoever imports it.
 */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
