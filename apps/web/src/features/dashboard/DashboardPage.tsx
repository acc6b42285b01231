import { Navigate } from 'react-router';
import MarqueeModule from 'react-fast-marquee';
import {
  Ban,
  CalendarCheck,
  CheckCircle2,
  Gift,
  Network,
  PhoneOff,
  Smartphone,
  TrendingUp,
  Users,
  Wallet,
  XCircle,
  BarChart3,
  Megaphone,
} from 'lucide-react';
import { ALL_USERS, BANNER_SPEED, type User } from '@blaster/contract';
import { formatNumber, formatRupiah, t, useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Breadcrumb } from '../../components/Breadcrumb';
import { StatGrid, type Stat } from '../../components/StatCard';
import type { UseQueryResult } from '@tanstack/react-query';
import { adminChannel, useEndpointFigure, useLiveFigures } from './api';
import { MemberCharts, OperatorCharts } from './DashboardCharts';
import { FunnelSection } from '../funnel/FunnelSection';
import { OnboardingChecklist } from '../onboarding/OnboardingChecklist';
import { CampaignCards } from '../campaign/CampaignCards';

// The package ships CommonJS only; the bundler hands its default export over wrapped once more.
const Marquee = (MarqueeModule as unknown as { default?: typeof MarqueeModule }).default ?? MarqueeModule;

const number = (value: number | undefined) => formatNumber(value);

/** The dashboard's opening: its title, the greeting, and the viewer's getting-started steps. */
function Greeting({ title, user }: { title: string; user: User }) {
  return (
    <>
      <Breadcrumb title={title} />
      <p className="-mt-3 mb-6 text-gray-600 dark:text-gray-400">
        {t('dashboard.welcomeBack')}{' '}
        <span className="font-semibold text-gray-800 dark:text-white/90">{user.firstname}</span>!
      </p>
      <OnboardingChecklist user={user} />
    </>
  );
}

function AnnouncementBanner() {
  const MSG = useMessages();
  const setting = useEndpointFigure('setting', undefined, () =>
    callEndpoint('settingGet', {}, { fallback: MSG.internalServerError }),
  );
  const info = setting.data?.setting.info;
  if (!info) return null;
  return (
    <div className="mb-6 flex items-center gap-3 overflow-hidden rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-brand-800 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-200">
      <Megaphone className="size-5 shrink-0" aria-hidden="true" />
      <Marquee speed={BANNER_SPEED} gradient={false} pauseOnHover>
        <span className="pr-16 text-sm font-medium">{info}</span>
      </Marquee>
    </div>
  );
}

type AccountCounts = UseQueryResult<{ connectedCount: number; disconnectedCount: number }>;

/** Both dashboards open with the connected and disconnected chat accounts they can see. */
const accountStats = (accounts: AccountCounts): Stat[] => [
  {
    testId: 'card-active-accounts',
    title: t('dashboard.activeAccounts'),
    icon: Smartphone,
    tone: 'green',
    value: number(accounts.data?.connectedCount),
    query: accounts,
  },
  {
    testId: 'card-inactive-accounts',
    title: t('dashboard.inactiveAccounts'),
    icon: PhoneOff,
    tone: 'gray',
    value: number(accounts.data?.disconnectedCount),
    query: accounts,
  },
];

function MemberDashboard({ user }: { user: User }) {
  const MSG = useMessages();
  useLiveFigures(String(user.id));
  const accounts = useEndpointFigure('whatsappCount', user.id, () =>
    callEndpoint(
      'whatsappCount',
      { params: { userId: user.id } },
      { fallback: MSG.errorFetchingWhatsappList },
    ),
  );
  const mine = { userId: user.id };
  const blasts = useEndpointFigure('messageLogCount', mine, () =>
    callEndpoint('messageLogCount', { params: mine }, { fallback: MSG.errorTodayCount }),
  );
  const income = useEndpointFigure('todayIncome', mine, () =>
    callEndpoint('todayIncome', { params: mine }, { fallback: MSG.errorTodayIncome }),
  );
  const balance = useEndpointFigure('balance', mine, () =>
    callEndpoint('balance', { params: mine }, { fallback: MSG.errorFetchingBalance }),
  );
  const bonus = useEndpointFigure('totalBonus', mine, () =>
    callEndpoint('totalBonus', { params: mine }, { fallback: MSG.errorFetchingBonusList }),
  );

  return (
    <>
      <Greeting title={MSG.dashboardMember} user={user} />
      <AnnouncementBanner />
      <StatGrid
        stats={[
          ...accountStats(accounts),
          {
            testId: 'card-success',
            title: t('dashboard.blastSuccess'),
            icon: CheckCircle2,
            tone: 'green',
            value: number(blasts.data?.successCount),
            query: blasts,
          },
          {
            testId: 'card-fail',
            title: t('dashboard.blastFailed'),
            icon: XCircle,
            tone: 'red',
            value: number(blasts.data?.failCount),
            query: blasts,
          },
          {
            testId: 'card-today-income',
            title: t('dashboard.todayIncome'),
            icon: TrendingUp,
            value: formatRupiah(income.data?.income ?? 0),
            query: income,
          },
          {
            testId: 'card-balance',
            title: t('dashboard.balance'),
            icon: Wallet,
            tone: 'amber',
            value: formatRupiah(balance.data?.balance ?? 0),
            query: balance,
          },
          {
            testId: 'card-total-bonus',
            title: t('dashboard.totalBonus'),
            icon: Gift,
            tone: 'brand',
            value: formatRupiah(bonus.data?.totalBonus ?? 0),
            query: bonus,
          },
        ]}
      />
      <div className="mt-6">
        <CampaignCards owner={user.id} channel={String(user.id)} canControl />
      </div>
      <MemberCharts userId={user.id} />
      <FunnelSection owner={user.id} />
    </>
  );
}

function SuccessFail({ value }: { value: { success: number; fail: number } | undefined }) {
  return (
    <span className="flex items-baseline gap-3">
      <span className="text-success">{number(value?.success)}</span>
      <span className="text-base font-medium text-muted">/</span>
      <span className="text-danger">{number(value?.fail)}</span>
    </span>
  );
}

function AdminDashboard({ user }: { user: User }) {
  const MSG = useMessages();
  useLiveFigures(adminChannel);
  const proxies = useEndpointFigure('proxyCountUse', undefined, () =>
    callEndpoint('proxyCountUse', {}, { fallback: MSG.errorGetProxyCount }),
  );
  const numbers = useEndpointFigure('phoneCountBlast', undefined, () =>
    callEndpoint('phoneCountBlast', {}, { fallback: MSG.errorFetchingPhoneNumberList }),
  );
  const accounts = useEndpointFigure('whatsappCountAll', ALL_USERS, () =>
    callEndpoint(
      'whatsappCount',
      { params: { userId: ALL_USERS } },
      { fallback: MSG.errorFetchingWhatsappList },
    ),
  );
  const members = useEndpointFigure('activeUsers', undefined, () =>
    callEndpoint('activeUsers', {}, { fallback: MSG.errorFetchingUser }),
  );
  const today = useEndpointFigure('todayCount', undefined, () =>
    callEndpoint('todayCount', {}, { fallback: MSG.errorTodayCount }),
  );
  const total = useEndpointFigure('totalCount', undefined, () =>
    callEndpoint('totalCount', {}, { fallback: MSG.errorTodayCount }),
  );

  return (
    <>
      <Greeting title={MSG.dashboardAdmin} user={user} />
      <StatGrid
        stats={[
          {
            testId: 'card-unused-proxies',
            title: t('dashboard.unusedProxies'),
            icon: Network,
            value: number(proxies.data?.unUsed),
            footer: t('dashboard.usedProxies', { n: number(proxies.data?.used) }),
            query: proxies,
          },
          {
            testId: 'card-unblasted-numbers',
            title: t('dashboard.unblastedNumbers'),
            icon: Ban,
            tone: 'amber',
            value: number(numbers.data?.unBlasted),
            footer: t('dashboard.blastedNumbers', { n: number(numbers.data?.blasted) }),
            query: numbers,
          },
          ...accountStats(accounts),
          {
            testId: 'card-active-members',
            title: t('dashboard.activeMembers'),
            icon: Users,
            value: number(members.data?.count),
            footer: t('dashboard.activeMembersHint'),
            query: members,
          },
          {
            testId: 'card-today-blasts',
            title: t('dashboard.todayBlasts'),
            icon: CalendarCheck,
            tone: 'green',
            value: <SuccessFail value={today.data} />,
            footer: t('dashboard.successSlashFailed'),
            query: today,
          },
          {
            testId: 'card-total-blasts',
            title: t('dashboard.totalBlasts'),
            icon: BarChart3,
            value: <SuccessFail value={total.data} />,
            footer: t('dashboard.successSlashFailed'),
            query: total,
          },
        ]}
      />
      <OperatorCharts />
      <FunnelSection owner={ALL_USERS} />
    </>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role === 'staff') return <Navigate to="/withdraw/requested?page=1" replace />;
  return user.role === 'member' ? <MemberDashboard user={user} /> : <AdminDashboard user={user} />;
}
