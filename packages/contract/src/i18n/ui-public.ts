/**
 * The default catalog's texts of the first page (sign-in), the error pages and the language switch, and
 * of the form parts they share: the first page bundles only these. The sign-up, password-reset and
 * legal pages' texts (UI_ACCOUNT) come with those pages, the signed-in panel's (ui.ts) with the panel.
 */
export const UI_PUBLIC = {
  'language.label': 'Bahasa / Language',
  'language.default': 'Default (spec)',
  'language.en': 'English',
  'language.id': 'Bahasa Indonesia',
  'layout.toggleTheme': 'Toggle theme',
  'common.email': 'Email',
  'common.password': 'Password',
  'common.success.title': 'Berhasil',
  'common.ok': 'OK',
  'common.showPassword': 'Show password',
  'common.hidePassword': 'Hide password',
  'common.backToDashboard': 'Kembali ke Dashboard',
  'auth.tagline':
    'Blaster untuk disewa: sambungkan akun Whatsapp Anda, kirim pesan massal, dan dapatkan penghasilan dari setiap blast.',
  'common.optional': '(opsional)',
  'auth.passwordPlaceholder': 'Enter your password',
  'auth.noAccount': 'Belum punya akun?',
  'errors.notAuthorizedTitle': 'Not Authorized',
  'errors.notAuthorizedText':
    'Anda tidak memiliki akses ke halaman ini. Hubungi Admin jika Anda merasa ini keliru.',
  'errors.errorTitle': 'ERROR',
  'errors.routeErrorTitle': 'Terjadi kesalahan',
  'errors.routeErrorText': 'Halaman ini gagal ditampilkan. Muat ulang halaman atau kembali ke dashboard.',
} as const;
