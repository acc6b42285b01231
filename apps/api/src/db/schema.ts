import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { AB_TEST_METRICS, AB_TEST_STATUSES, SEGMENT_STAGES, type SegmentFilter } from '@blaster/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** Stored lower-cased so sign-in is case-insensitive and duplicates are caught. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['member', 'staff', 'dev', 'admin'] })
      .notNull()
      .default('member'),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: integer('referred_by'),
    accountName: text('account_name'),
    accountBank: text('account_bank'),
    accountNumber: text('account_number'),
    /** Per-member override of the level's blast fee; null means "use the level's fee". */
    blastFee: integer('blast_fee'),
    blastIntervalMin: integer('blast_interval_min'),
    blastIntervalMax: integer('blast_interval_max'),
    /** Successful blasts, which decide the level; kept by triggers on message_logs. */
    successBlasts: integer('success_blasts').notNull().default(0),
    createdAt: createdAt(),
    /** Tokens carry the version they were signed with; bumping it ends every session of the user. */
    tokenVersion: integer('token_version').notNull().default(0),
  },
  (table) => [
    index('users_referred_by_idx').on(table.referredBy),
    index('users_role_idx').on(table.role),
    // The member list's sorts (the email's is its unique index): read in order, a page stops early.
    index('users_created_idx').on(table.createdAt, table.id),
    index('users_name_sort_idx').using(
      'btree',
      sql`lower(${table.firstname} || ' ' || ${table.lastname}) collate "C"`,
      table.id,
    ),
  ],
);

export const levels = pgTable('levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  blastFee: integer('blast_fee').notNull(),
  requirementBlast: integer('requirement_blast').notNull(),
  createdAt: createdAt(),
});

/** One row (id 1): the platform's settings, one set for everyone. */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  intervalMin: integer('interval_min').notNull(),
  intervalMax: integer('interval_max').notNull(),
  price: integer('price').notNull(),
  bankNames: text('bank_names').notNull(),
  colors: text('colors').notNull(),
  referralPercent: doublePrecision('referral_percent').notNull(),
  info: text('info').notNull(),
  /** Rate governance (migration 0014): null means unlimited or off. */
  sendsPerMinute: integer('sends_per_minute'),
  dailySendsPerAccount: integer('daily_sends_per_account'),
  /** 'HH:MM' in the app's time zone; no sends from start until end. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  pauseFailWindow: integer('pause_fail_window'),
  pauseFailPercent: integer('pause_fail_percent'),
  pauseOnSuspend: boolean('pause_on_suspend').notNull().default(false),
  /** When on, numbers without recorded consent are not blasted. */
  requireConsent: boolean('require_consent').notNull().default(false),
  /**
   * Template pacing (migration 0027): a new or non-green marketing or utility template sends this many
   * targets first, then holds the rest until the batch's feedback is in (minutes on the network's
   * clock after its last send); it is paused when a rate passes its percent. 0 targets: no pacing.
   */
  templateFirstBatch: integer('template_first_batch').notNull().default(50),
  templateFeedbackMinutes: integer('template_feedback_minutes').notNull().default(30),
  templateBlockPercent: integer('template_block_percent').notNull().default(5),
  templateReportPercent: integer('template_report_percent').notNull().default(2),
  templateOptOutPercent: integer('template_opt_out_percent').notNull().default(5),
});

/** Server-side values that must survive restarts (e.g. the token signing secret). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientid: text('clientid').notNull().unique(),
    phonenumber: text('phonenumber'),
    pushname: text('pushname'),
    server: text('server'),
    serialized: text('serialized'),
    state: text('state'),
    status: text('status').notNull().default('idle'),
    countSuccess: integer('count_success').notNull().default(0),
    countFail: integer('count_fail').notNull().default(0),
    income: integer('income').notNull().default(0),
    suspended: boolean('suspended').notNull().default(false),
    suspendedCount: integer('suspended_count').notNull().default(0),
    proxyId: integer('proxy_id'),
    createdAt: createdAt(),
    /** Why governance stopped the blast (cleared when it is started again). */
    pausedReason: text('paused_reason'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** A blast set to start at this time, by whichever instance holds the account's lease then. */
    blastScheduledAt: timestamp('blast_scheduled_at', { withTimezone: true }),
    blastScheduledBy: integer('blast_scheduled_by'),
    /**
     * The running blast's audience (migration 0029): the segment picked at its start and a copy of its
     * filter, so an instance that takes the blast over claims the same numbers even when the segment
     * changes or goes meanwhile. Null: every number a blast may claim.
     */
    blastSegmentId: integer('blast_segment_id'),
    blastSegmentFilter: jsonb('blast_segment_filter').$type<SegmentFilter>(),
  },
  (table) => [
    index('whatsapp_user_idx').on(table.userId),
    index('whatsapp_scheduled_idx')
      .on(table.blastScheduledAt)
      .where(sql`${table.blastScheduledAt} is not null`),
    index('whatsapp_state_idx').on(table.state),
    // Every instance looks for started blasts nobody runs, every few seconds.
    index('whatsapp_sending_idx')
      .on(table.id)
      .where(sql`${table.status} = 'sending'`),
    // The list's sorts by its figures (one update per blast round touches them, not one per send).
    index('whatsapp_success_sort_idx').on(table.countSuccess, table.id),
    index('whatsapp_fail_sort_idx').on(table.countFail, table.id),
    index('whatsapp_income_sort_idx').on(table.income, table.id),
  ],
);

export const proxies = pgTable(
  'proxies',
  {
    id: serial('id').primaryKey(),
    value: text('value').notNull().unique(),
    status: text('status').notNull().default('active'),
    countUse: integer('count_use').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // The list's status filter reads one status's rows newest first; its sorts read theirs in order.
    index('proxies_status_idx').on(table.status, table.id),
    index('proxies_value_sort_idx').using('btree', sql`lower(${table.value}) collate "C"`, table.id),
    index('proxies_created_idx').on(table.createdAt, table.id),
  ],
);

export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: serial('id').primaryKey(),
    /** Collation "C" (migration 0016): its unique index also serves the prefix search in byte order. */
    number: text('number').notNull().unique(),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    inUse: integer('in_use').notNull().default(0),
    countSuccess: integer('count_success').notNull().default(0),
    countFail: integer('count_fail').notNull().default(0),
    lastSent: timestamp('last_sent', { withTimezone: true }),
    createdAt: createdAt(),
    /** Where and when the number agreed to receive blasts (null: no consent recorded). */
    consentSource: text('consent_source'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentNote: text('consent_note'),
    /** The number is in `suppressions`; kept by triggers (migration 0013), never written by hand. */
    suppressed: boolean('suppressed').notNull().default(false),
    /** Lower-cased, without duplicates (`splitTags`). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Custom fields by key (`{ "city": "Bandung" }`), every value a string; keys are in `number_fields`. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /**
     * The last blast message settled to this number and how far it got (migration 0031): written as
     * the send settles, its acknowledgements arrive and its reply comes (domain/number-history.ts), so a
     * segment by last stage reads one indexed column, not each number's log.
     */
    lastLogId: bigint('last_log_id', { mode: 'number' }),
    lastStage: text('last_stage', { enum: SEGMENT_STAGES }),
    /**
     * The number ever wrote to an account (migration 0032): set as the inbox files its message, so a
     * segment of those who replied reads one indexed flag, not the inbox for every number.
     */
    wroteIn: boolean('wrote_in').notNull().default(false),
  },
  (table) => [
    // The blast engine claims from the numbers still to send only (jobs/claimable.ts).
    index('phone_numbers_unsent_idx')
      .on(table.id)
      .where(
        sql`${table.status} = 'active' and ${table.lastSent} is null and ${table.inUse} = 0 and not ${table.suppressed}`,
      ),
    index('phone_numbers_unsent_consented_idx')
      .on(table.id)
      .where(
        sql`${table.status} = 'active' and ${table.lastSent} is null and ${table.inUse} = 0 and not ${table.suppressed} and ${table.consentAt} is not null`,
      ),
    // Prefix search of the receiver picker by name ignoring case, in byte order, so that a
    // `like 'prefix%'` reads an index range in order whatever the database's collation (by number,
    // the unique index on the "C"-collated column does the same).
    index('phone_numbers_name_prefix_idx').using('btree', sql`lower(${table.name}) collate "C"`),
    // Segments filter on a tag (`tags @> array[...]`) or a field's value (`fields @> '{"city": ...}'`).
    // Partial: the many numbers without tags or fields never enter these indexes, so neither their
    // imports nor the claims' updates of them pay for one; a filter adds the same predicate.
    index('phone_numbers_tags_idx')
      .using('gin', table.tags)
      .where(sql`${table.tags} <> '{}'::text[]`),
    index('phone_numbers_fields_idx')
      .using('gin', table.fields.op('jsonb_path_ops'))
      .where(sql`${table.fields} <> '{}'::jsonb`),
    // Numbers never sent to (most of an imported list) stay out of it.
    index('phone_numbers_last_stage_idx')
      .on(table.lastStage)
      .where(sql`${table.lastStage} is not null`),
    index('phone_numbers_wrote_in_idx')
      .on(table.id)
      .where(sql`${table.wroteIn}`),
  ],
);

/**
 * The field keys numbers carry, written when an import, a form or the API first gives one: the
 * template editor's variable menu and the template check read this, never the numbers themselves.
 * A key stays when the last number carrying it goes (a variable then renders its default or nothing).
 */
export const numberFields = pgTable('number_fields', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Saved audiences of blasts (migration 0029): a filter over the numbers' tags, fields, consent and
 * last send (the contract's `segmentFilterSchema`), compiled to SQL by domain/segment-filter.ts.
 */
export const segments = pgTable('segments', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  filter: jsonb('filter').$type<SegmentFilter>().notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Generators and validators: a walk over numbers asking the gateway which have an account. */
/**
 * What a lookup job asks about, as its list sorts it: a validator's file name, else a generator's
 * first number (13 digits from 62, so text order is number order), ignoring case in byte order.
 */
export const lookupTarget = (table: { fileName: SQLWrapper; startNumber: SQLWrapper }) =>
  sql`lower(coalesce(${table.fileName}, ${table.startNumber}, '')) collate "C"`;
/** A lookup job's share of its targets done, from 0 to 1, as its progress shows it. */
export const lookupProgress = (table: { position: SQLWrapper; total: SQLWrapper }) =>
  sql`(case when ${table.total} > 0 then least(${table.position}::float8 / ${table.total}, 1) else 0 end)`;

export const lookupJobs = pgTable(
  'lookup_jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['generator', 'validator'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    startNumber: text('start_number'),
    endNumber: text('end_number'),
    filePath: text('file_path'),
    fileName: text('file_name'),
    bInsert: integer('b_insert').notNull().default(0),
    intervalMin: integer('interval_min').notNull().default(1),
    intervalMax: integer('interval_max').notNull().default(2),
    countSuccess: integer('count_success').notNull().default(0),
    countFail: integer('count_fail').notNull().default(0),
    status: text('status').notNull().default('idle'),
    state: text('state'),
    /** Targets already looked up; the next one is at this position. */
    position: integer('position').notNull().default(0),
    total: integer('total').notNull().default(0),
    currentNumber: text('current_number'),
    createdAt: createdAt(),
  },
  (table) => [
    index('lookup_jobs_user_idx').on(table.kind, table.userId),
    // Each kind's list sorts on request by these, read in order with the id last as the cursor seeks.
    index('lookup_jobs_created_idx').on(table.kind, table.createdAt, table.id),
    index('lookup_jobs_target_idx').using('btree', table.kind, lookupTarget(table), table.id),
    index('lookup_jobs_success_idx').on(table.kind, table.countSuccess, table.id),
    index('lookup_jobs_fail_idx').on(table.kind, table.countFail, table.id),
    index('lookup_jobs_progress_idx').using('btree', table.kind, lookupProgress(table), table.id),
  ],
);

/** One looked-up number of a job; unique, so a resumed job never records a number twice. */
export const lookupResults = pgTable(
  'lookup_results',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => lookupJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    found: boolean('found').notNull(),
  },
  (table) => [uniqueIndex('lookup_results_job_position_idx').on(table.jobId, table.position)],
);

/**
 * One import of a file (phone numbers, proxies, message templates): unfinished while it runs; once
 * finished it is kept a while so its importer can download every skipped row (modules/imports).
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdCount: integer('created_count'),
    skippedCount: integer('skipped_count'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('imports_created_at_idx').on(table.createdAt)],
);

/**
 * The rows of an import (an UNLOGGED table, see migration 0010): every row of the file is copied in
 * with its row number, then set-based statements mark the skipped ones (`reason`) and move the rest.
 * A finished import keeps only its skipped rows, for the download.
 */
export const importStaging = pgTable(
  'import_staging',
  {
    importId: integer('import_id').notNull(),
    rowNo: integer('row_no').notNull(),
    /** The unique value (normalized number, proxy), or the cell as read when the row is invalid. */
    value: text('value').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').notNull().default(''),
    /** Other columns of the row as JSON (message templates). */
    payload: text('payload'),
    /** Why the row was skipped (the message shown); null while it is still to be added. */
    reason: text('reason'),
    /** The row already in the table that made this one skipped. */
    targetId: integer('target_id'),
  },
  (table) => [primaryKey({ name: 'import_staging_pk', columns: [table.importId, table.rowNo] })],
);

/** The template list sorts by this many characters of the caption, lowercased (its index holds them). */
export const CAPTION_SORT_CHARS = 200;

/** Blast message templates; the panel's template screens manage them. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    media: text('media'),
    text: text('text').notNull().default(''),
    textWa: text('text_wa').notNull().default(''),
    button: jsonb('button').notNull().default([]),
    countUse: integer('count_use').notNull().default(0),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    /**
     * Review and pacing (migration 0027). The defaults are what templates written before review
     * existed became: approved marketing, released, so they send as before.
     */
    category: text('category', { enum: ['marketing', 'utility', 'authentication'] })
      .notNull()
      .default('marketing'),
    reviewState: text('review_state', { enum: ['draft', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('approved'),
    reviewReason: text('review_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    authorId: integer('author_id'),
    /** 'trial': sending its first batch or waiting for the batch's feedback; 'released'; 'paused'. */
    pacing: text('pacing', { enum: ['trial', 'released', 'paused'] })
      .notNull()
      .default('released'),
    /** Targets the trial batch has claimed, and when (network clock) its last send was settled. */
    batchClaimed: integer('batch_claimed').notNull().default(0),
    batchLastSentAt: timestamp('batch_last_sent_at', { withTimezone: true }),
    /** The trial's first log: the batch's feedback is read from its logs on. */
    batchFromLog: bigint('batch_from_log', { mode: 'number' }),
    /** What paused it: the feedback kind, its rate in percent and the limit it passed. */
    pauseFeedback: text('pause_feedback', { enum: ['block', 'report', 'opt_out'] }),
    pausePercent: doublePrecision('pause_percent'),
    pauseLimit: integer('pause_limit'),
    /** Feedback on all its sends, counted as it comes: the template's own quality. */
    feedbackBlocks: integer('feedback_blocks').notNull().default(0),
    feedbackReports: integer('feedback_reports').notNull().default(0),
    feedbackOptOuts: integer('feedback_opt_outs').notNull().default(0),
    /** Sends before its last change of text: its quality counts only the sends after. */
    feedbackSendsBase: integer('feedback_sends_base').notNull().default(0),
  },
  (table) => [
    // The list's status filter reads one status's rows newest first; its sorts read theirs in order.
    index('message_templates_status_idx').on(table.status, table.id),
    // A caption's start only: a whole caption may be longer than an index entry holds.
    index('message_templates_caption_sort_idx').using(
      'btree',
      sql`lower(left(${table.textWa}, ${sql.raw(String(CAPTION_SORT_CHARS))})) collate "C"`,
      table.id,
    ),
    index('message_templates_created_idx').on(table.createdAt, table.id),
    // The review queue reads one state's templates in order.
    index('message_templates_review_idx').on(table.reviewState, table.id),
  ],
);

/** Template uses per sending account, so no row is shared (and locked) by every sender. */
export const templateUseCounts = pgTable(
  'template_use_counts',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'template_use_counts_pk', columns: [table.templateId, table.whatsappId] })],
);

/** One line per blast attempt; success and fail counts are derived from it. */
export const messageLogs = pgTable(
  'message_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    whatsappId: integer('whatsapp_id').notNull(),
    phoneNumberId: integer('phone_number_id'),
    target: text('target').notNull(),
    /** 'pending' while the send is in flight: a restart settles it without sending again. */
    status: text('status', { enum: ['pending', 'success', 'fail'] }).notNull(),
    templateId: integer('template_id'),
    createdAt: createdAt(),
    /** The delivery funnel (jobs/delivery.ts): sent on success, then the network's acknowledgements. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The recipient answered STOP to this message. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /**
     * The recipient first wrote back (not STOP) while this was the last message the account sent them
     * within the attribution window (modules/inbox).
     */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The recipient blocked or reported the sender over this message (the network's feedback). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (table) => [
    index('message_logs_whatsapp_idx').on(table.whatsappId, table.createdAt),
    // A reply finds the last message its account sent the number (modules/inbox).
    index('message_logs_target_idx').on(table.target, table.whatsappId, table.createdAt),
    // The funnel's replied stage reads only the messages that were answered.
    index('message_logs_replied_idx')
      .on(table.createdAt)
      .where(sql`${table.repliedAt} is not null`),
    index('message_logs_pending_idx')
      .on(table.status)
      .where(sql`${table.status} = 'pending'`),
    // No index by member (migration 0028): no read of the log starts from a member's rows (the plans
    // in docs/benchmarks.md, "Storage per send"), and every send paid for one.
    index('message_logs_created_idx').on(table.createdAt),
  ],
);

export const LEDGER_KINDS = [
  'blast_income',
  'referral_income',
  'bonus',
  'withdraw_requested',
  'withdraw_accepted',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Append-only money movements in integer rupiah; a balance is the sum of a user's amounts.
 * Withdrawals move money between two buckets: a request books -n to `withdraw_requested`; acceptance
 * moves it (+n requested, -n accepted); rejection gives it back (+n requested); cancelling reverses the
 * decision. So requested and accepted totals are the negated sums of their buckets.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    /** The message log, bonus or withdrawal the movement belongs to. */
    refId: integer('ref_id'),
    /**
     * A referral share's member, whose blast earned it: the referral list sums by it without the
     * message log, which may be pruned (migration 0020).
     */
    sourceUserId: integer('source_user_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_user_kind_idx').on(table.userId, table.kind),
    index('ledger_referral_source_idx')
      .on(table.userId, table.sourceUserId)
      .where(sql`${table.kind} = 'referral_income'`),
    // A blast is paid, and its referral share credited, at most once.
    uniqueIndex('ledger_blast_once_idx')
      .on(table.kind, table.refId)
      .where(sql`${table.kind} in ('blast_income', 'referral_income')`),
  ],
);

export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id'),
    nominal: integer('nominal').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('bonuses_user_idx').on(table.userId),
    // The list reads newest first, or sorted by amount, one index range per page.
    index('bonuses_created_idx').on(table.createdAt, table.id),
    index('bonuses_nominal_idx').on(table.nominal, table.id),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nominal: integer('nominal').notNull(),
    status: text('status', { enum: ['requested', 'accepted', 'rejected'] })
      .notNull()
      .default('requested'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('withdrawals_user_idx').on(table.userId),
    index('withdrawals_status_idx').on(table.status),
    index('withdrawals_created_idx').on(table.createdAt, table.id),
    index('withdrawals_nominal_idx').on(table.nominal, table.id),
  ],
);

/**
 * Which API instance runs a job ('blast' per chat account, 'lookup' per generator or validator).
 * A holder extends its lease while it works; once expired, another instance takes the job over.
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    kind: text('kind', { enum: ['blast', 'lookup', 'webhook'] }).notNull(),
    jobId: integer('job_id').notNull(),
    holder: text('holder').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.jobId] })],
);

/** Cluster messages too large for a NOTIFY payload; the notification carries only the id. */
export const clusterMessages = pgTable('cluster_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  body: jsonb('body').notNull(),
  createdAt: createdAt(),
});

/**
 * Who changed what, append-only: every money decision and every change of roles, fees, levels,
 * settings, credentials and sandbox devices. A trigger refuses UPDATE, DELETE and TRUNCATE, so not
 * even a bug (or a stolen operator account) can rewrite history through the application.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    /** No foreign key: the entry outlives whatever it names. Null for the system itself. */
    actorId: integer('actor_id'),
    /** The actor's role when acting (it may change later). */
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** Text, because devices are named by their device id. */
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The API instance that served the change (config.instanceId). */
    instance: text('instance').notNull(),
  },
  (table) => [
    index('audit_entries_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_entries_action_idx').on(table.action, table.createdAt.desc(), table.id.desc()),
    index('audit_entries_actor_idx').on(table.actorId, table.createdAt.desc(), table.id.desc()),
    index('audit_entries_target_idx').on(
      table.targetType,
      table.targetId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

/**
 * Rows per block of 1024 ids of the big lists (whatsapp_accounts, phone_numbers, proxies,
 * message_templates), kept by statement-level triggers on INSERT, DELETE and TRUNCATE (migration
 * 0009_paging): the exact total of a list, and where its page N starts, without counting the table.
 */
export const listBuckets = pgTable(
  'list_buckets',
  {
    list: text('list').notNull(),
    bucket: integer('bucket').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.list, table.bucket] })],
);

/**
 * Sign-in and sign-up attempts per account or client address ('login:account', 'login:address',
 * 'signup:address'), counted in the database so every instance shares one limit.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('auth_attempts_window_idx').on(table.windowStartedAt),
  ],
);

/** Sends claimed per minute on the database's clock, shared by every instance (rate governance). */
export const sendMinutes = pgTable('send_minutes', {
  minute: timestamp('minute', { withTimezone: true }).primaryKey(),
  used: integer('used').notNull().default(0),
  /** What the latest claim was granted (set in the same statement, so it needs no second read). */
  lastGranted: integer('last_granted').notNull().default(0),
});

/** Sends claimed per chat account and calendar day in the app's time zone (rate governance). */
export const accountDailySends = pgTable(
  'account_daily_sends',
  {
    whatsappId: integer('whatsapp_id').notNull(),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
    lastGranted: integer('last_granted').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'account_daily_sends_pk', columns: [table.whatsappId, table.day] })],
);

export const ACCOUNT_EVENT_KINDS = ['connection', 'suspended', 'paused', 'schedule'] as const;

/** A chat account's history besides its sends: connection changes, suspensions, pauses, schedules. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    whatsappId: integer('whatsapp_id').notNull(),
    kind: text('kind', { enum: ACCOUNT_EVENT_KINDS }).notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [
    index('account_events_account_idx').on(table.whatsappId, table.createdAt),
    index('account_events_created_idx').on(table.createdAt),
  ],
);

/**
 * Message logs per UTC hour of their creation, member, chat account and template, by status and
 * funnel stage; kept by statement-level triggers on message_logs INSERT, UPDATE, DELETE and TRUNCATE
 * (migrations 0012_stats, 0020_rollups_retention). Every chart and figure reads these rows instead of
 * the log, so they stay exact after old logs are pruned (a prune leaves them as they are).
 */
export const messageLogHourly = pgTable(
  'message_log_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: integer('user_id').notNull(),
    whatsappId: integer('whatsapp_id').notNull(),
    /** 0 for a log without a template: a key column cannot be null. */
    templateId: integer('template_id').notNull().default(0),
    success: integer('success').notNull().default(0),
    fail: integer('fail').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    optedOut: integer('opted_out').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'message_log_hourly_pk',
      columns: [table.hour, table.userId, table.whatsappId, table.templateId],
    }),
    index('message_log_hourly_user_idx').on(table.userId, table.hour),
    index('message_log_hourly_account_idx').on(table.whatsappId, table.hour),
  ],
);

/**
 * Who opened which short link of a blast message (lib/short-links.ts), once per message and link: the
 * codes themselves are derived from the log's id, so only a click writes a row.
 */
export const linkClicks = pgTable(
  'link_clicks',
  {
    messageLogId: bigint('message_log_id', { mode: 'number' })
      .notNull()
      .references(() => messageLogs.id, { onDelete: 'cascade' }),
    linkIndex: integer('link_index').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'link_clicks_pk', columns: [table.messageLogId, table.linkIndex] })],
);

/** Ledger amounts per UTC hour, user and kind; kept by a trigger on ledger_entries INSERT (0012_stats). */
export const ledgerHourly = pgTable(
  'ledger_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'ledger_hourly_pk', columns: [table.userId, table.hour, table.kind] }),
    index('ledger_hourly_hour_idx').on(table.hour),
  ],
);

/** The platform's sends by stage and money by kind in one UTC hour: the columns both tables below share. */
const platformSums = () => ({
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  success: bigint('success', { mode: 'number' }).notNull().default(0),
  fail: bigint('fail', { mode: 'number' }).notNull().default(0),
  pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
  read: bigint('read', { mode: 'number' }).notNull().default(0),
  optedOut: bigint('opted_out', { mode: 'number' }).notNull().default(0),
  blastIncome: bigint('blast_income', { mode: 'number' }).notNull().default(0),
  referralIncome: bigint('referral_income', { mode: 'number' }).notNull().default(0),
  bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
  withdrawRequested: bigint('withdraw_requested', { mode: 'number' }).notNull().default(0),
  withdrawAccepted: bigint('withdraw_accepted', { mode: 'number' }).notNull().default(0),
});

/**
 * The whole platform's hourly sums, one row an hour (migration 0033_platform_hourly): what the admin's
 * figures and charts add up, a year in 8,760 rows instead of every member's, account's and template's.
 * Only the fold writes here (db/rollups.ts, foldPlatformChanges), so sends never wait on a shared row.
 */
export const platformHourly = pgTable('platform_hourly', {
  ...platformSums(),
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
});

/**
 * What the log's and the ledger's triggers add to the platform's sums, a row per statement and hour,
 * insert-only so that concurrent settles never contend; the fold moves them into platform_hourly every
 * minute, and a reader adds both tables, so the sums are exact before and after a fold.
 */
export const platformHourlyChanges = pgTable('platform_hourly_changes', platformSums());

/** Lookups done per UTC hour, user and kind; kept by a trigger on lookup_results INSERT (0012_stats). */
export const lookupHourly = pgTable(
  'lookup_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    found: integer('found').notNull().default(0),
    notFound: integer('not_found').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'lookup_hourly_pk', columns: [table.userId, table.kind, table.hour] }),
    index('lookup_hourly_kind_hour_idx').on(table.kind, table.hour),
  ],
);

/** Receivers of outbound webhooks (migration 0015_webhooks). The secret signs every request. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  secret: text('secret').notNull(),
  eventTypes: text('event_types').array().notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** Test events sent since the current one-minute window began (migration 0018). */
  testsWindowStartedAt: timestamp('tests_window_started_at', { withTimezone: true }),
  testsInWindow: integer('tests_in_window').notNull().default(0),
});

/** The webhook outbox: written in the transaction of the change it tells of. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The idempotency id receivers see (X-Blaster-Event-Id). */
    uid: text('uid').notNull().unique(),
    type: text('type').notNull(),
    accountId: integer('account_id'),
    /** Position among the events of the same account (or of no account). */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_events_account_sequence_idx').on(
      sql`(coalesce(${table.accountId}, 0))`,
      table.sequence,
    ),
  ],
);

/** The last webhook sequence per account (0: events about no account); its row lock orders them. */
export const webhookSequences = pgTable('webhook_sequences', {
  accountKey: integer('account_key').primaryKey(),
  lastSequence: bigint('last_sequence', { mode: 'number' }).notNull(),
});

/** One event to one endpoint: retried with backoff until the endpoint answers 2xx. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys (migration 0017): the writers share-lock the endpoints once per statement, and
    // a deleted endpoint's deliveries go with it (domain/webhooks.ts, the endpoint's DELETE route).
    endpointId: integer('endpoint_id').notNull(),
    /** Written in the statement that writes its event. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** The event's account (0 for none) and sequence, copied so pending heads come from one index. */
    accountKey: integer('account_key').notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Given up after the retry limit (migration 0018): never claimed again unless replayed. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    /** The last replay: the age limit counts from it rather than from creation. */
    replayedAt: timestamp('replayed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(table.endpointId, table.eventId),
    index('webhook_deliveries_pending_idx')
      .on(table.endpointId, table.accountKey, table.sequence)
      .where(sql`${table.deliveredAt} is null and ${table.deadAt} is null`),
    index('webhook_deliveries_list_idx').on(table.endpointId, table.id),
    index('webhook_deliveries_delivered_idx')
      .on(table.deliveredAt)
      .where(sql`${table.deliveredAt} is not null`),
    index('webhook_deliveries_dead_idx')
      .on(table.deadAt)
      .where(sql`${table.deadAt} is not null`),
  ],
);

/** Opted-out numbers (normalized): the blast engine never claims them, whenever they are added. */
export const suppressions = pgTable(
  'suppressions',
  {
    number: text('number').primaryKey(),
    /** 'reply' (the recipient answered STOP), 'manual' (an operator added it) or 'link' (the opt-out page). */
    reason: text('reason', { enum: ['reply', 'manual', 'link'] }).notNull(),
    note: text('note'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    index('suppressions_created_idx').on(table.createdAt, table.number),
    // The list's sort by reason (by number it reads the primary key).
    index('suppressions_reason_idx').on(table.reason, table.number),
  ],
);

/**
 * The inbox: one thread per chat account and number it exchanged messages with (migration 0025_inbox).
 * The last message and the unread count are kept here so the list reads one row per thread.
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: serial('id').primaryKey(),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    /** The account's owner: whose inbox the thread is in. */
    userId: integer('user_id').notNull(),
    /** The other side's number, normalized. */
    counterpart: text('counterpart').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastText: text('last_text').notNull(),
    lastDirection: text('last_direction', { enum: ['in', 'out'] }).notNull(),
    /** Inbound messages since the owner last opened the thread. */
    unread: integer('unread').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('inbox_threads_account_counterpart_idx').on(table.whatsappId, table.counterpart),
    // A member's list and the operators' list, newest activity first.
    index('inbox_threads_user_last_idx').on(table.userId, table.lastAt, table.id),
    index('inbox_threads_last_idx').on(table.lastAt, table.id),
  ],
);

/**
 * Every message of a thread: inbound (STOP replies too) and the account's answers. An inbound one
 * names the blast message (and its template) that last reached the number within the attribution
 * window; no foreign key, since message logs are pruned by retention and the inbox is kept.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => inboxThreads.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    userId: integer('user_id').notNull(),
    counterpart: text('counterpart').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    messageLogId: bigint('message_log_id', { mode: 'number' }),
    templateId: integer('template_id'),
    /** Who answered (outbound only). */
    sentBy: integer('sent_by'),
    createdAt: createdAt(),
  },
  (table) => [
    index('inbox_messages_thread_idx').on(table.threadId, table.id),
    // A segment's "has replied" reads whether a number ever wrote in (migration 0029).
    index('inbox_messages_inbound_idx')
      .on(table.counterpart)
      .where(sql`${table.direction} = 'in'`),
  ],
);

/**
 * A/B tests of templates on one account's blast (migration 0030). The blast's claims drive the test
 * under the account's lease; its sample is the account's logs after `from_log_id` up to
 * `sampled_until_log_id`, so the counts are the logs themselves and a released claim counts nothing.
 */
export const abTests = pgTable(
  'ab_tests',
  {
    id: serial('id').primaryKey(),
    /** The account's owner: whose test it is. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    segmentId: integer('segment_id'),
    metric: text('metric', { enum: AB_TEST_METRICS }).notNull(),
    /** Recipients per variant. */
    sampleSize: integer('sample_size').notNull(),
    waitMinutes: integer('wait_minutes').notNull(),
    status: text('status', { enum: AB_TEST_STATUSES }).notNull().default('sampling'),
    /** The account's last log before the test: its sample's logs come after. */
    fromLogId: bigint('from_log_id', { mode: 'number' }).notNull(),
    /** The account's last log when the samples were all sent: the sample ends there. */
    sampledUntilLogId: bigint('sampled_until_log_id', { mode: 'number' }),
    /** When (network clock) the samples were all sent; the winner is picked `wait_minutes` later. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    winnerTemplateId: integer('winner_template_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Per variant at the decision: sent, replied, read, clicked and the chosen rate. */
    result: jsonb('result'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    // One test at a time runs on an account: the claim reads it by the account.
    uniqueIndex('ab_tests_running_idx')
      .on(table.whatsappId)
      .where(sql`${table.status} in ('sampling', 'waiting', 'decided')`),
    index('ab_tests_user_idx').on(table.userId, table.id),
  ],
);

/** A test's variants: 2 to 5 templates, in the order the member gave them. */
export const abTestVariants = pgTable(
  'ab_test_variants',
  {
    abTestId: integer('ab_test_id')
      .notNull()
      .references(() => abTests.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ name: 'ab_test_variants_pk', columns: [table.abTestId, table.templateId] })],
);
