import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../app/layout/Logo';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-white dark:bg-gray-900">
      <div className="mx-auto max-w-3xl px-6 py-10">
        <Link to="/signup" className="mb-10 inline-block">
          <Logo />
        </Link>
        <h1 className="mb-6 text-3xl font-semibold text-gray-800 dark:text-white/90">{title}</h1>
        <div className="space-y-4 text-sm leading-relaxed text-gray-700 dark:text-gray-300">{children}</div>
      </div>
    </div>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Syarat dan Ketentuan">
      <p>
        Dengan mendaftar, Anda menyewakan akun Whatsapp Anda untuk pengiriman pesan massal (blast) melalui
        panel ini.
      </p>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Jangan menghapus pesan yang sudah terkirim. Akun yang melanggar dapat ditangguhkan (suspended).
        </li>
        <li>
          Pendapatan dihitung per blast yang berhasil sesuai tarif level Anda atau tarif khusus dari Admin.
        </li>
        <li>Penarikan saldo minimal Rp 10.000 dan memerlukan data rekening bank yang lengkap.</li>
        <li>Admin berhak menolak penarikan atau menonaktifkan akun yang menyalahgunakan layanan.</li>
      </ol>
    </LegalPage>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Kebijakan Privasi">
      <p>
        Kami menyimpan nama, email, data rekening bank dan informasi akun Whatsapp yang Anda sambungkan hanya
        untuk menjalankan layanan dan membayar pendapatan Anda.
      </p>
      <p>Password disimpan dalam bentuk hash dan tidak pernah dapat dibaca oleh siapa pun, termasuk Admin.</p>
      <p>Data tidak dibagikan kepada pihak ketiga kecuali diwajibkan oleh hukum.</p>
    </LegalPage>
  );
}
