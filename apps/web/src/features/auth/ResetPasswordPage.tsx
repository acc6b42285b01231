import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';

/** No self-service reset: passwords are reset by an admin (recorded in docs/decisions.md). */
export function ResetPasswordPage() {
  return (
    <AuthLayout>
      <h1 className="mb-3 text-3xl font-semibold text-gray-800 dark:text-white/90">Reset Password</h1>
      <p className="mb-6 text-sm leading-relaxed text-gray-600 dark:text-gray-400">
        Lupa password? Hubungi Admin/CS dengan menyebutkan email akun Anda. Admin akan memverifikasi
        kepemilikan akun dan mengatur password baru untuk Anda.
      </p>
      <Link
        to="/signin"
        className="text-sm font-medium text-brand-500 hover:text-brand-600 dark:text-brand-400"
      >
        ← Kembali ke Sign In
      </Link>
    </AuthLayout>
  );
}
