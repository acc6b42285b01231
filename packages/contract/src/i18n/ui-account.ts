/** The default catalog's texts of the sign-up, password-reset and legal pages, loaded with those pages. */
export const UI_ACCOUNT = {
  'auth.haveAccount': 'Sudah punya akun?',
  'auth.signUpSubtitle': 'Isi data di bawah untuk membuat akun dan mulai menyewa blaster.',
  'auth.firstName': 'First Name',
  'auth.lastName': 'Last Name',
  'auth.firstNamePlaceholder': 'Enter your first name',
  'auth.lastNamePlaceholder': 'Enter your last name',
  'auth.emailPlaceholder': 'Enter your email',
  'auth.confirmPassword': 'Confirm Password',
  'auth.confirmPasswordPlaceholder': 'Confirm your password',
  'auth.referralCode': 'Kode Referal',
  'auth.referralCodePlaceholder': 'Kode referal (jika ada)',
  'auth.agreePrefix': 'Dengan membuat akun, Anda menyetujui',
  'auth.agreeAnd': 'serta',
  'auth.agreeSuffix': 'kami.',
  'auth.resetTitle': 'Reset Password',
  'auth.resetText':
    'Lupa password? Hubungi Admin/CS dengan menyebutkan email akun Anda. Admin akan memverifikasi kepemilikan akun dan mengatur password baru untuk Anda.',
  'auth.backToSignIn': '← Kembali ke Sign In',
  'legal.termsTitle': 'Syarat dan Ketentuan',
  'legal.privacyTitle': 'Kebijakan Privasi',
  'legal.termsIntro':
    'Dengan mendaftar, Anda menyewakan akun Whatsapp Anda untuk pengiriman pesan massal (blast) melalui panel ini.',
  'legal.terms1':
    'Jangan menghapus pesan yang sudah terkirim. Akun yang melanggar dapat ditangguhkan (suspended).',
  'legal.terms2':
    'Pendapatan dihitung per blast yang berhasil sesuai tarif level Anda atau tarif khusus dari Admin.',
  'legal.terms3': 'Penarikan saldo minimal Rp 10.000 dan memerlukan data rekening bank yang lengkap.',
  'legal.terms4': 'Admin berhak menolak penarikan atau menonaktifkan akun yang menyalahgunakan layanan.',
  'legal.privacy1':
    'Kami menyimpan nama, email, data rekening bank dan informasi akun Whatsapp yang Anda sambungkan hanya untuk menjalankan layanan dan membayar pendapatan Anda.',
  'legal.privacy2':
    'Password disimpan dalam bentuk hash dan tidak pernah dapat dibaca oleh siapa pun, termasuk Admin.',
  'legal.privacy3': 'Data tidak dibagikan kepada pihak ketiga kecuali diwajibkan oleh hukum.',
} as const;
