import type { CatalogKey } from './i18n/core';
import { MESSAGE_PARAMS, type ParamKey } from './i18n/params';
import { PUBLIC_MSG } from './messages-public';

/**
 * Every user-facing message and error text of the spec (01 §2, §4, §5, §8; 02 §4, §5, §8), word for word:
 * the 'default' catalog's wording. Texts the spec leaves open are marked "decision" and recorded in
 * docs/decisions.md. Code that answers a user names a message through MSG below; this table is its text.
 */
export const MESSAGE_TEXT = {
  ...PUBLIC_MSG,

  // Server answers the spec leaves open (decision)
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'Email is already registered.',
  emailInvalid: 'Please enter a valid email address.',
  referralNotFound: 'Referral code not found.',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFoundApi: 'Not found',
  tooManyLogins: 'Too many sign-in attempts. Please try again later.',
  databaseUnavailable: 'The database is unavailable right now. Please try again in a moment.',
  shuttingDown: 'This server is stopping. Please try again in a moment.',
  migrationsNotCurrent: 'The database schema does not match this version of the server.',
  invalidRequest: 'Invalid request',
  userNotFound: 'No User Found',
  loginSuccess: 'Login successful.',
  registerSuccess: 'Registration successful.',
  payloadTooLarge: 'Request body is too large.',
  levelNotFound: 'Level not found.',
  levelNameRequired: 'Nama level wajib diisi.',
  levelFeeRequired: 'Blast fee wajib diisi dengan angka.',
  levelRequirementRequired: 'Minimal blast wajib diisi dengan angka.',
  memberIntervalRequired: 'Interval blast wajib diisi dengan angka.',
  memberFeeRequired: 'Blast fee wajib diisi dengan angka.',
  bonusNominalRequired: 'Nominal wajib diisi dengan angka.',
  bonusReasonRequired: 'Keterangan wajib diisi.',
  bonusMemberRequired: 'Pilih member penerima bonus.',
  bonusCreated: 'Bonus berhasil dikirim.',
  bonusNotFound: 'Bonus tidak ditemukan.',
  levelSaved: 'Level berhasil disimpan.',
  withdrawNoBank: 'Lengkapi data rekening bank Anda sebelum menarik saldo.',
  withdrawOverBalance: 'Saldo tidak mencukupi.',
  withdrawNotFound: 'Permintaan withdraw tidak ditemukan.',
  withdrawBadTransition: 'Status permintaan withdraw tidak dapat diubah seperti itu.',
  withdrawRequested: 'Permintaan withdraw berhasil dikirim.',

  // Fallbacks (01 §8)
  errorFetchingUser: 'Error fetching user',
  errorUpdatingUser: 'Error updating user',
  errorFetchingPhoneNumberList: 'Error fetching Phone Number list',
  errorFetchingWhatsappList: 'Error fetching WhatsApp list',
  errorFetchingQr: 'Error fetching QR code',
  errorCreatingClient: 'Error creating client',
  tooManyPendingDevices: 'Terlalu banyak perangkat yang sedang disambungkan. Tunggu sebentar lalu coba lagi.',
  deviceIdTaken: 'ID perangkat ini sudah dipakai akun lain.',
  errorRemovingClient: 'Error removing client',
  errorSendingMessage: 'Error sending message',
  errorFetchingBonusList: 'Error fetching Bonus list',
  errorTodayIncome: 'Error Get Today Income',
  errorTodayCount: 'Error Get Today Count',
  startBlastRetrySuffix: '! Silahkan coba lagi.',
  connectionLostReconnect: 'Sambungan terputus, silahkan sambungkan ulang!',
  connectionLostCannotReconnect: 'Sambungan terputus, tidak dapat menyambungkan kembali!',
  empty: 'Kosong',

  // Chat-account list and connect flow (01 §2, §4)
  whatsappTitleDev: 'Daftar Whatsapp',
  whatsappTitleMember: 'Akun Whatsapp',
  searchWhatsapp: 'Cari Whatsapp',
  filterStatus: 'Filter Status',
  syncing: 'Menyinkronkan data...',
  add: 'Tambah',
  startBlast: 'Start Blast',
  starting: 'Starting...',
  stopBlast: 'Stop Blast',
  stopping: 'Stopping...',
  reconnect: 'Reconnect',
  warning: 'Warning!',
  yesReconnect: 'Ya, Reonnect.',
  cancel: 'Batal',
  sendingWarning: 'Sedang mengirim',
  justWait: 'Tunggu Aja',
  stopBlastNow: 'Stop Blast!',
  sendingRow: 'Sending...',
  generatingRow: 'Generating...',
  validatingRow: 'Validating...',
  activated: 'Activated',
  activating: 'Activating...',
  suspendedRule: 'Aturan #1 Jangan hapus pesan terkirim. Silahkan hubungi Admin/CS',
  areYouSure: 'Apakah Anda yakin ?',
  yesReset: 'Ya, Reset.',
  connectTitle: 'Tambah Akun Whatsapp',
  generateQr: 'Generate QR Code',
  generatePairing: 'Generate Pairing Code',
  loginWithQr: 'Login dengan QR Code',
  loginWithNumber: 'Login dengan Nomor',
  doNotClose:
    'Harap jangan menutup halaman atau memuat ulang setelah kode berhasil dipindai, akan dialihkan secara otomatis',
  generating: 'Generating...',
  errorPrefixUnhandledRejection: 'unhandledRejection : ',
  errorPrefixUncaughtException: 'uncaughtException : ',
  errorPrefixDatabase: 'mongo erorr : ',

  // Profile (01 §2, 02 §2)
  copyReferralLink: 'Copy Link Referral',
  linkCopied: 'Link copied to clipboard!',
  editProfile: 'Edit profile',
  userProfile: 'User Profile',
  signOut: 'Sign out',
  noBanks: 'Daftar Bank Tidak Tersedia',

  // Dashboards (01 §2)
  dashboardMember: 'Dashboard Member',
  dashboardAdmin: 'Dashboard Admin',

  // Resources (02 §2, §4, §5, §8)
  forbiddenTitle: 'Forbidden',
  generatorRangeOrder: 'Target nomor awal harus lebih kecil dari nomor akhir',
  intervalOrder: 'Interval minimal harus lebih kecil dari interval maksimal',
  buttonMissingUrl: (title: string) => `Judul button : "${title}" belum mempunyai URL.`,
  buttonMissingTitle: (url: string) => `URL button "${url}" belum punya nama atau judul.`,
  minWithdraw: 'Minimal permintaan penarikan adalah Rp 10.000',
  noPhoneNumbersToExport: 'No phone numbers to export.',
  noProxysToExport: 'No Proxys to export.',
  noProxiesToExport: 'No proxies to export.',
  noMessagesToExport: 'No messages to export.',
  noData: 'No Data',
  senderNotConnected: (num: string, state: string) => `${num} is ${state}`,
  failedTitle: 'Gagal!',
  sentTitle: 'Terkirim!',
  sentText: 'Pesan blaster berhasil dikirim ke target.',
  withdrawFailedTitle: 'Gagal',
  withdrawAccepted: 'Permintaan withdraw Diterima',
  withdrawRejected: 'Ditolak',
  withdrawCancelled: 'Dibatalkan',
  sendingUpdate: 'Mengirim...',
  deleting: 'Deleting...',
  noUserFound: 'No User Found',
  save: 'Simpan',
  saving: 'Menyimpan...',
  editError: (message: string) => `Error: ${message}`,
  errorFetchingGeneratorList: 'Error fetching Generator list',
  errorFetchingProxyList: 'Error fetching Proxy list',
  errorFetchingProxy: 'Error fetching Proxy',
  errorFetchingPhoneNumber: 'Error fetching Phone Number',
  errorImportingCsv: 'Error importing CSV',
  errorImportingFile: 'Error importing File',
  errorGetProxyCount: 'Error get Proxy count',
  errorCreateValidator: 'Error create validator',
  errorUpdateValidator: 'Error update validator',
  errorSavingTemplate: 'Error saving template message',
  errorUpdatingTemplate: 'Error updating template message',
  errorFetchingReferralList: 'Error fetching Referral list',
  errorFetchingLevelList: 'Error fetching Level list',
  errorFetchingLevel: 'Error fetching Level',
  errorFetchingHistoryList: 'Error fetching History list',
  errorFetchingAllHistoryList: 'Error fetching All History list',
  errorFetchingWithdrawList: 'Error fetching Withdraw list',
  errorFetchingIncome: 'Error fetching Income',
  errorFetchingBalance: 'Error fetching Balance',
  errorFetchingWithdrawTotal: 'Error fetching Withdraw Total',

  // Chat accounts (decision: texts the spec leaves open)
  whatsappNotFound: 'Akun Whatsapp tidak ditemukan.',
  whatsappNotAuthenticated: 'Akun belum terhubung. Pindai QR atau masukkan kode terlebih dahulu.',
  activateRefused: 'Akun sudah 3x disuspend dan tidak dapat diaktifkan lagi.',
  noActiveTemplate: 'Tidak ada template pesan aktif.',
  sandboxScanQr: 'Simulasikan scan QR (Sandbox)',
  sandboxEnterCode: 'Simulasikan masukkan kode (Sandbox)',
  sandboxScanFailed: 'Perangkat sandbox tidak menunggu kode ini.',
  resetExplanation:
    'Jumlah berhasil, gagal dan pendapatan akun ini akan direset, tetapi total pendapatan Anda tidak berubah.',
  reset: 'Reset',
  resetting: 'Resetting...',
  suspendedLabel: (n: number) => `Suspended (${n}x)`,
  attemptingRow: (code: string | number) => `Fail, attempting (${code})...`,
  waitingRow: (seconds: number) => `Waiting (${seconds}s)...`,

  // Phone numbers, proxies, templates (decision: texts the spec leaves open)
  phoneNumberRequired: 'Nomor telepon wajib diisi.',
  phoneNumberInvalid: 'Nomor telepon harus 62 diikuti 8-13 angka.',
  phoneNameRequired: 'Nama wajib diisi.',
  proxyRequired: 'Proxy wajib diisi.',
  fileRequired: 'File wajib dipilih.',
  fileTypeCsvJson: 'File harus berformat .csv atau .json.',
  fileTypeJson: 'File harus berformat .json.',
  fileTooLarge: 'Ukuran file melebihi batas.',
  fileEmpty: 'File kosong: tidak ada baris untuk diimpor.',
  fileMalformed: (detail: string) => `File tidak dapat dibaca: ${detail}`,
  mediaTypeRefused: 'Jenis media tidak didukung.',
  invalidButtons: 'Daftar button tidak valid.',
  phoneNumberTaken: 'Nomor telepon sudah terdaftar.',
  proxyTaken: 'Proxy sudah terdaftar.',
  phoneNumberNotFound: 'Phone number tidak ditemukan.',
  proxyNotFound: 'Proxy tidak ditemukan.',
  templateNotFound: 'Template pesan tidak ditemukan.',
  importDone: (count: number) => `Total ${count} nomor, berhasil didaftarkan.`,
  skippedTitle: 'Daftar nomor yang dilewatkan',
  skippedMore: (count: number) => `...total ${count} nomor. Download file untuk selengkapnya.`,
  duplicateInFile: 'duplikat di file',
  duplicateInDatabase: 'sudah terdaftar',
  invalidRow: 'baris tidak valid',
  importNotFound: 'Data import tidak ditemukan.',

  // Generators and validators (decision: texts the spec leaves open)
  whatsappRequired: 'Pilih akun Whatsapp.',
  rangeNumberInvalid: 'Nomor harus 13 digit diawali 62.',
  rangeTooLarge: 'Rentang nomor paling banyak 1.000.000.',
  lookupNotFound: 'Data tidak ditemukan.',
  lookupRunning: 'Hentikan dulu sebelum mengubah atau menghapus.',
  generatorListTitle: 'Daftar Generator',
  generatorFormTitle: 'Tambah Akun Generator',
  validatorListTitle: 'Daftar Validator',
  validatorFormTitle: 'Tambah Akun Validator',
  newAccount: 'Daftar Baru',

  // Money and people screens (02 §2)
  memberListTitle: 'Daftar Member',
  searchMember: 'Cari Member',
  memberSettings: 'Pengaturan',
  giveBonus: 'Beri Bonus',
  editMemberTitle: 'Edit Member',
  bonusListTitle: 'Daftar Bonus',
  sendBonus: 'Kirim Bonus',
  bonusHeader: (amount: string) => `Bonus : ${amount}`,
  bonusReceivedAt: 'Diterima Pada',
  bonusCreatedAt: 'Dibuat Pada',
  bonusReason: 'Keterangan',
  referralListTitle: 'Daftar Referal',
  referralTotal: (amount: string) => `Total : ${amount}`,
  levelListTitle: 'Daftar Level',
  addLevel: 'Tambah Level',
  withdrawRequestsTitle: 'Permintaan Withdraw',
  transferDetail: 'detail transfer',
  accept: 'Terima',
  reject: 'Tolak',
  cancelDecision: 'Batalkan',
  settingsTitle: 'Form Pengaturan',
  settingsSaved: 'Pengaturan berhasil disimpan.',
  numberRequired: 'Wajib diisi dengan angka.',
  textRequired: 'Wajib diisi.',
  referralPercentRange: 'Isi angka 0 - 100.',
  errorFetchingMemberList: 'Error fetching Member list',
  errorSavingLevel: 'Error saving Level',
  errorCreatingBonus: 'Error creating Bonus',
  errorFetchingSetting: 'Error fetching Setting',
  errorSavingSetting: 'Error saving Setting',

  // Audit trail (decision: the spec has no audit screen; titles follow the other lists)
  auditListTitle: 'Jejak Audit',
  errorFetchingAuditList: 'Error fetching Audit list',
  auditAllActions: 'Semua Aksi',
  auditFilterAction: 'Filter Aksi',
  auditSearchActor: 'Cari pelaku (nama atau email)',
  auditActor: 'Pelaku',
  auditAction: 'Aksi',
  auditTarget: 'Sasaran',
  auditChanges: 'Perubahan',
  auditTime: 'Waktu',
  auditSystem: 'Sistem',
  auditShowAllActors: 'Semua pelaku',

  // Money inputs and decisions (decision: texts the spec leaves open)
  moneyExample: 'Contoh: 50.000',
  moneyInvalid: 'Tulis jumlah rupiah tanpa sen, contoh 50.000.',
  confirmSendBonus: (amount: string, name: string) => `Kirim bonus ${amount} ke ${name}?`,
  yesSendBonus: 'Ya, Kirim.',
  confirmAcceptWithdraw: (amount: string, name: string) =>
    `Terima permintaan withdraw ${amount} dari ${name}?`,
  confirmRejectWithdraw: (amount: string, name: string) =>
    `Tolak permintaan withdraw ${amount} dari ${name}?`,
  confirmCancelWithdraw: (amount: string, name: string) =>
    `Batalkan keputusan atas withdraw ${amount} dari ${name}? Statusnya kembali menjadi requested.`,
  yesAccept: 'Ya, Terima.',
  yesReject: 'Ya, Tolak.',
  yesCancelDecision: 'Ya, Batalkan.',

  // Live feedback (decision: texts the spec leaves open)
  blastFinished: (account: string) => `Blast ${account} selesai: tidak ada nomor tujuan tersisa.`,
  blastStopped: (account: string, reason: string) => `Blast ${account} berhenti: ${reason}`,
  realtimeLive: 'Live',
  realtimeOffline: 'Offline',
  realtimeConnecting: 'Menghubungkan...',
  realtimeLiveHint: 'Terhubung: data diperbarui langsung.',
  realtimeOfflineHint: 'Koneksi terputus: data mungkin tidak terbaru. Menyambung ulang otomatis...',
  profileSaved: 'Profil berhasil disimpan.',
  lookupProgress: (done: number, total: number) => `${done} dari ${total}`,

  // Proxy and template imports (decision: the spec's import texts, for proxies and templates)
  proxyImportDone: (count: number) => `Total ${count} proxy, berhasil didaftarkan.`,
  proxySkippedTitle: 'Daftar proxy yang dilewatkan',
  proxySkippedMore: (count: number) => `...total ${count} proxy. Download file untuk selengkapnya.`,
  templateImportTitle: 'Upload File JSON',
  templateImportDone: (created: number, skipped: number) =>
    `${created} template diimpor, ${skipped} dilewatkan.`,

  /** The blaster's receiver search (decision: the picker searches on the server). */
  searchReceivers: 'Cari nomor atau nama penerima',
  receiversShown: (shown: number) => `Menampilkan ${shown} nomor teratas; ketik untuk mencari yang lain.`,

  // Input checks (decision: texts the spec leaves open)
  mediaReferenceInvalid: 'Media harus berupa file yang diunggah ke panel ini.',
  balanceTooLarge: 'Saldo member akan melebihi batas maksimum (Rp 2.147.483.647).',

  // Sign-in security (decision: texts the spec leaves open; English like the sign-up screens)
  passwordTooShort: 'Password must be at least 8 characters.',
  tooManySignUps: 'Too many sign-up attempts. Please try again later.',
  logoutSuccess: 'Logout successful.',
  currentPasswordRequired: 'Masukkan password saat ini untuk mengganti email atau password.',
  currentPasswordWrong: 'Password saat ini salah.',
  passwordTooShortProfile: 'Password minimal 8 karakter.',

  // Rate governance, scheduling and sender health (decision: texts the spec leaves open)
  clockTimeInvalid: 'Tulis jam sebagai HH:MM, contoh 21:00.',
  quietHoursBoth: 'Isi jam mulai dan jam selesai yang berbeda, atau kosongkan keduanya.',
  pauseRuleBoth: 'Isi jumlah kiriman dan persentase gagal, atau kosongkan keduanya.',
  governanceTitle: 'Batas Pengiriman',
  pausedFailRate: (failed: number, window: number, percent: number) =>
    `Dijeda otomatis: ${failed} dari ${window} kiriman terakhir gagal (batas ${percent}%).`,
  pausedSuspended: 'Dijeda otomatis: akun disuspend oleh jaringan.',
  governedQuietHours: (end: string) => `Jam tenang: pengiriman dilanjutkan pukul ${end}.`,
  governedDailyCap: 'Batas kiriman harian akun tercapai: dilanjutkan besok.',
  governedMinuteCap: 'Batas kiriman per menit tercapai: dilanjutkan menit berikutnya.',
  schedule: 'Jadwalkan',
  scheduleTitle: 'Jadwalkan Blast',
  scheduleAt: 'Mulai pada',
  scheduledAt: (when: string) => `Terjadwal: ${when}`,
  cancelSchedule: 'Batalkan Jadwal',
  scheduleSaved: 'Blast dijadwalkan.',
  scheduleCancelled: 'Jadwal dibatalkan.',
  scheduleInPast: 'Waktu mulai harus di masa depan.',
  scheduleTooFar: 'Waktu mulai paling lambat 30 hari dari sekarang.',
  scheduleWhileSending: 'Akun sedang mengirim: hentikan dulu sebelum menjadwalkan.',
  noSchedule: 'Tidak ada jadwal untuk akun ini.',
  healthTitle: 'Kesehatan Akun',
  healthLink: 'Kesehatan',
  healthScore: 'Skor Kesehatan',
  healthNoSends: 'Belum ada kiriman dalam 7 hari terakhir.',
  healthDaily: 'Riwayat Harian',
  healthEvents: 'Kejadian',
  healthPauses: 'Jeda Otomatis',
  healthNoEvents: 'Belum ada kejadian.',
  // Consent, suppression and the delivery funnel (decision: texts the spec leaves open)
  noTargetsSuppressed:
    'tidak ada nomor tujuan yang boleh dikirimi: nomor tersisa ada di daftar suppression atau belum memberi persetujuan.',
  suppressionTitle: 'Daftar Suppression',
  suppressionAdded: 'Nomor ditambahkan ke daftar suppression.',
  suppressionRemoved: 'Nomor dihapus dari daftar suppression.',
  suppressionTaken: 'Nomor sudah ada di daftar suppression.',
  suppressionNotFound: 'Nomor tidak ada di daftar suppression.',
  suppressionReasonReply: 'Membalas STOP',
  suppressionReasonManual: 'Ditambahkan operator',
  confirmRemoveSuppression: (number: string) =>
    `Hapus ${number} dari daftar suppression? Nomor ini bisa dikirimi blast lagi.`,
  numberSuppressed: (number: string) => `${number} berhenti berlangganan dan masuk daftar suppression.`,
  consentTimeInvalid: 'Waktu persetujuan tidak valid.',
  requireConsentLabel: 'Hanya kirim ke nomor yang memberi persetujuan',
  consentNone: 'Belum ada persetujuan',
  funnelTitle: 'Funnel Pengiriman',
  funnelOverTime: 'Pengiriman per hari',
  funnelEmpty: 'Belum ada pesan terkirim.',
  // The send policy on the blaster's direct send (decision: texts the spec leaves open)
  directSendQuietHours: (end: string) => `Jam tenang sampai pukul ${end}: pesan tidak dikirim.`,
  directSendHeld: (held: number) => `${held} nomor tidak dikirimi: batas kiriman tercapai. Kirim lagi nanti.`,
  directSendSkipped: (skipped: number) =>
    `${skipped} nomor dilewati: ada di daftar suppression atau belum memberi persetujuan.`,
  sendFromOthersAccount:
    'Akun pengirim milik pengguna lain. Kirim dari akun sendiri, atau kirim atas nama pemiliknya (tercatat di Jejak Audit).',
  sendOnBehalfLabel: 'Kirim atas nama pemilik akun (tercatat di Jejak Audit)',
} as const;

export type MessageKey = keyof typeof MESSAGE_TEXT;

type MessageText = (typeof MESSAGE_TEXT)[MessageKey];
/** A blank's value: a word or number, or another message (a stop reason inside "Blast … berhenti: …"). */
export type MessageParam = string | number | Message;

/**
 * A message named by its catalog key, with the values of its blanks: what the server answers with, so
 * it can be written in each reader's language when the answer is sent. Read as a string (a template,
 * a log line, JSON for a socket or a stored row) it is the spec's wording.
 */
export class Message {
  constructor(
    readonly key: CatalogKey,
    readonly params: Readonly<Record<string, MessageParam>>,
    private readonly defaultText: string,
  ) {}

  toString() {
    return this.defaultText;
  }

  toJSON() {
    return this.defaultText;
  }
}

type MessageRef<T> = T extends (...args: infer A) => string
  ? (...args: { [I in keyof A]: A[I] | Message }) => Message
  : Message;
type MessageRefs = { readonly [K in MessageKey]: MessageRef<(typeof MESSAGE_TEXT)[K]> };

function messageRefs(): MessageRefs {
  const entries = (Object.keys(MESSAGE_TEXT) as MessageKey[]).map((key) => {
    const text: MessageText = MESSAGE_TEXT[key];
    if (typeof text === 'string') return [key, new Message(key, {}, text)] as const;
    const names: readonly string[] = MESSAGE_PARAMS[key as ParamKey];
    const write = text as (...args: MessageParam[]) => string;
    const ref = (...args: MessageParam[]) =>
      new Message(key, Object.fromEntries(names.map((name, i) => [name, args[i]!])), write(...args));
    return [key, ref] as const;
  });
  return Object.fromEntries(entries) as unknown as MessageRefs;
}

/** Every message by name: `MSG.forbidden`, `MSG.importDone(3)`. Rendered where it is sent. */
export const MSG = /* @__PURE__ */ messageRefs();

/**
 * Every message's key by name, for the contract's schemas: a validation issue carries the key as its
 * text, and the server or the panel writes it in the reader's language when it shows it.
 */
export const MESSAGE_KEY = /* @__PURE__ */ Object.fromEntries(
  Object.keys(MESSAGE_TEXT).map((key) => [key, key]),
) as { readonly [K in MessageKey]: K };

export const isMessageKey = (text: unknown): text is MessageKey =>
  typeof text === 'string' && Object.hasOwn(MESSAGE_TEXT, text);

/** Messages without blanks of the tables besides MSG (messageTable), by catalog key. */
const TABLE_MESSAGES = new Map<string, Message>();

/**
 * A table of texts kept beside MESSAGE_TEXT (a feature's own, catalog keys `prefix.name`) as messages
 * by key, with the table's shape: a text with blanks becomes a function whose arguments fill the
 * blanks `params` names, in order.
 */
export function messageTable<T extends Record<string, string | ((...args: never[]) => string)>>(
  prefix: string,
  texts: T,
  params: { [K in keyof T]?: readonly string[] } = {},
): { readonly [K in keyof T]: MessageRef<T[K]> } {
  const entries = Object.entries(texts).map(([name, text]) => {
    const key = `${prefix}.${name}` as CatalogKey;
    if (typeof text === 'string') {
      const message = new Message(key, {}, text);
      TABLE_MESSAGES.set(key, message);
      return [name, message] as const;
    }
    const names: readonly string[] = params[name] ?? [];
    const write = text as (...args: MessageParam[]) => string;
    const ref = (...args: MessageParam[]) =>
      new Message(key, Object.fromEntries(names.map((blank, i) => [blank, args[i]!])), write(...args));
    return [name, ref] as const;
  });
  return Object.fromEntries(entries) as { readonly [K in keyof T]: MessageRef<T[K]> };
}

/** The message a validation issue names by key (see MESSAGE_KEY); any other text stays as it is. */
export function issueMessage(text: string): Message | string {
  const message = isMessageKey(text) ? MSG[text] : TABLE_MESSAGES.get(text);
  return message instanceof Message ? message : text;
}

/** Per-field validation issues (keys, see MESSAGE_KEY) as the messages they name. */
export const issueMessages = (errors: Record<string, string>): Record<string, Message | string> =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, issueMessage(text)]));
