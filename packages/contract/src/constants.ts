/** Business constants and limits, shared so the panel and the server enforce the same ones. */
export const COOKIE_MAX_AGE_SECONDS = 315_360_000; // 10 years
export const COOKIE_AUTH_TOKEN = 'authToken';
export const COOKIE_USER = 'user';
export const COOKIE_DASHBOARD = 'dashboard';
export const COOKIE_ANALYTICS = '_ga';
export const STORAGE_THEME = 'theme';
export const STORAGE_REFERRAL_CODE = 'referral_code';
/** Prefix of the key (`onboarding_hidden:{userId}`) that remembers a user hid the getting-started checklist. */
export const STORAGE_ONBOARDING_HIDDEN = 'onboarding_hidden';
export const REFERRAL_QUERY_PARAM = 'referral';

export const MOBILE_BREAKPOINT_PX = 768;

export const QR_FETCH_TIMEOUT_MS = 120_000;
export const QR_COUNTDOWN_S = 60;
export const PAIRING_COUNTDOWN_S = 90;
export const POST_CREATE_COUNTDOWN_S = 15;
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_SPLIT_AT = 4;
/** Devices one user may be connecting at once, and how long one waits to be scanned before it is dropped. */
export const MAX_PENDING_DEVICES_PER_USER = 5;
/** @alias QR_FETCH_TIMEOUT_MS: the wait for a scan is the wait for its code. */
export const PENDING_DEVICE_TTL_MS = QR_FETCH_TIMEOUT_MS;

export const FLASH_MS = 1000;
export const SEARCH_DELAY_MS = 1000;
export const REFRESH_DELAY_MS = 1000;
export const INDICATOR_MS = 1000;
export const WAIT_TICK_MS = 1000;

export const MAX_SUSPENSIONS_FOR_REACTIVATION = 3;
export const SUSPENSION_COUNT_UPDATE_ABOVE = 2;

export const PHONE_PREFIX = '62';
export const DEFAULT_PAGE = 1;
export const PAGE_SIZE = 10;
/**
 * The page sizes a list offers besides the default; a requested size is rounded down to one of them
 * (at most the last), so a list is never asked for more rows than the largest choice.
 */
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;
export const MAX_PAGE_SIZE = PAGE_SIZE_CHOICES[3];
/** The most rows one bulk action on a list takes. */
export const BULK_MAX_IDS = 500;
/** The blaster's receiver choice meaning every active phone number; the server expands it. */
export const ALL_RECEIVERS = 'All';

export const CURRENCY = 'IDR';
export const LOCALE = 'id-ID';
export const DEFAULT_THEME = 'light';
export const BANNER_SPEED = 50;
export const SEARCH_SHORTCUT_KEY = 'k';

export const DEFAULT_INTERVAL_MIN = 1;
export const DEFAULT_INTERVAL_MAX = 2;

export const MIN_WITHDRAW = 10_000;
export const DEFAULT_WITHDRAW = 10_000;
export const DEFAULT_BANK_NAMES = 'BCA, MANDIRI, BRI';
export const DEFAULT_COLORS = '#2C2C2C, #3E3A32';
export const DEFAULT_REFERRAL_PERCENT = 0;
export const DEFAULT_PRICE = 0;

export const SKIPPED_PREVIEW_ROWS = 5;
export const TEMPLATE_DEFAULT_BUTTONS = 3;
export const TREE_COLLECTION_LIMIT = 50;

export const REALTIME_PORT = 4000;
/** The realtime socket on the main HTTP port (same `?id=` channels), so one proxy port serves all. */
export const REALTIME_PATH = '/api/realtime';
export const HTTP_PORT = 3000;
export const REALTIME_CHANNEL_ADMIN = 'admin';
export const REALTIME_CHANNEL_CLIENT_ADMIN = 'client-admin';
export const REALTIME_CHANNEL_SIGNIN = 'client-user';
/**
 * The signed-in user's own channel, whoever they are: the server subscribes the socket to that user's
 * private events (an import's progress), which no other account, operators included, can listen to.
 */
export const REALTIME_CHANNEL_PRIVATE = 'private';
/** An import tells its uploader how far it got at most this often (and once when the file is read). */
export const IMPORT_PROGRESS_INTERVAL_MS = 250;
/**
 * The header of a server export written while it is read (no Content-Length): how many rows it will
 * hold, as counted when it began, so the panel can show how far the download got.
 */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** Signed tokens expire; the cookie that carries them lives 10 years, so an expired token logs out. */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Failed sign-ins one account may have before it is locked (the lock doubles with each further failure). */
export const LOGIN_RATE_LIMIT_MAX = 10;
/** The first lock; each failure after it doubles the lock, up to LOGIN_LOCK_MAX_MS. */
export const LOGIN_RATE_LIMIT_WINDOW_MS = 60_000;
export const LOGIN_LOCK_MAX_MS = 60 * 60_000;
/** Failures are forgotten a day after the first one (or at once on a successful sign-in). */
export const LOGIN_ACCOUNT_WINDOW_MS = 24 * 60 * 60_000;
/** Failed sign-ins one client address may have in an hour, whichever accounts they name. */
export const LOGIN_ADDRESS_RATE_LIMIT_MAX = 30;
export const LOGIN_ADDRESS_WINDOW_MS = 60 * 60_000;
/** Sign-ups one client address may make in an hour. */
export const SIGNUP_RATE_LIMIT_MAX = 10;
export const SIGNUP_RATE_LIMIT_WINDOW_MS = 60 * 60_000;
export const PASSWORD_MIN_LENGTH = 8;

export const EXPORT_FILE_NAMES = {
  phoneNumbersCsv: 'phone_numbers.csv',
  phoneNumbersJson: 'phone_numbers.json',
  phoneNumbersSkippedCsv: 'phone_numbers_skipped.csv',
  phoneNumbersSkippedJson: 'phone_numbers_skipped.json',
  proxiesCsv: 'proxies.csv',
  proxiesJson: 'proxies.json',
  proxiesSkippedJson: 'proxies_skipped.json',
  proxiesSkippedCsv: 'proxies_skipped.csv',
  messagesSkippedJson: 'messages_skipped.json',
  messagesSkippedCsv: 'messages_skipped.csv',
  messagesJson: 'messages.json',
  generated: 'phone_numbers_generated.csv',
  validated: 'phone_numbers_validated.csv',
} as const;

/**
 * The network's quality rating: blocks plus weighted reports per message over 7 days from which a
 * sender is YELLOW, and RED (the sandbox's model and the sender health page read the same figures).
 */
export const NETWORK_QUALITY_FROM = { yellow: 0.02, red: 0.05 } as const;
/** The network's messaging tiers: unique recipients a sender may reach in a moving 24 hours (null: unlimited). */
export const NETWORK_TIERS: readonly (number | null)[] = [250, 2_000, 10_000, 100_000, null];
