// Apart from the charts' schemas (schemas/stats.ts), so the dashboards read their texts without zod.

/** The charts' texts. */
export const STATS_TEXT = {
  empty: 'Belum ada data',
  loading: 'Memuat grafik',
  failed: 'Grafik gagal dimuat',
  dailySends: 'Blast per Hari (30 hari)',
  dailyIncome: 'Pendapatan per Hari (30 hari)',
  hourlySends: 'Blast per Jam (48 jam)',
  topAccounts: 'Akun Teratas',
  lookupRate: 'Hasil Pencarian',
  success: 'Berhasil',
  fail: 'Gagal',
  successRate: 'Tingkat Berhasil',
  blastIncome: 'Blast',
  referralIncome: 'Referal',
  bonus: 'Bonus',
  found: 'Ditemukan',
  notFound: 'Tidak Ditemukan',
  perHour: 'Per Jam',
  perDay: 'Per Hari',
  from: 'Dari',
  to: 'Sampai',
} as const;
