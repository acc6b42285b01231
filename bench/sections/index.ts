import { SERVER } from '../support';
import { blast } from './blast';
import { initialBundle } from './bundle';
import { crossInstanceFanOut } from './cluster';
import { realtimeFanOut } from './fanout';
import { phoneNumberImport } from './import';
import { inboxPages } from './inbox';
import { listPages } from './pages';
import { mixedLoad } from './mixed';
import { segmentCounts } from './segments';
import { chartStats } from './stats';
import { storage } from './storage';
import { yearOfData } from './year';

type Section = () => Promise<Record<string, unknown>>;

/** Each section adds its figures under its own keys; they run one after another, never together. */
const defaultSections: Record<string, Section> = {
  blast,
  import: async () => ({ phoneNumberImport: await phoneNumberImport() }),
  pages: async () => ({ listPages: await listPages() }),
  inbox: async () => ({ inboxPages: await inboxPages() }),
  fanout: realtimeFanOut,
  cluster: async () => (SERVER ? { crossInstanceFanOut: await crossInstanceFanOut() } : {}),
  bundle: async () => ({ initialBundle: initialBundle() }),
  stats: async () => ({ chartStats: await chartStats() }),
};

/** BENCH_SCALE=year: a year of data and every page and chart on it, a run of its own (bench/sections/year.ts). */
const yearSections: Record<string, Section> = {
  year: async () => ({ yearOfData: await yearOfData() }),
};

/**
 * Sections that run only when BENCH_ONLY names them: each takes longer than the default run should
 * (storage: bytes per send and a simulated year of retention, bench/sections/storage.ts; mixed: the
 * pages while a 100-account blast runs, bench/sections/mixed.ts; segments: a segment's count over
 * 1,000,000 numbers, bench/sections/segments.ts).
 */
const onDemandSections: Record<string, Section> = {
  storage,
  mixed: async () => ({ mixedLoad: await mixedLoad() }),
  segments: async () => ({ segmentCounts: await segmentCounts() }),
};

const named = new Set(process.env.BENCH_ONLY?.split(',').map((name) => name.trim()) ?? []);
const onDemand = Object.fromEntries(Object.entries(onDemandSections).filter(([name]) => named.has(name)));

export const sections =
  process.env.BENCH_SCALE === 'year' ? yearSections : { ...defaultSections, ...onDemand };
