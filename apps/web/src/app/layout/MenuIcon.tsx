import type { MenuIcon as MenuIconName } from '@blaster/contract';
import {
  Activity,
  Banknote,
  FileCheck2,
  FlaskConical,
  Gift,
  Hash,
  Inbox,
  ListFilter,
  LayoutDashboard,
  Layers,
  MessageCircle,
  MessageSquareText,
  Network,
  Phone,
  ScrollText,
  ShieldOff,
  Send,
  Settings,
  UserCircle,
  UserCog,
  Users,
  UsersRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<MenuIconName, LucideIcon> = {
  dashboard: LayoutDashboard,
  whatsapp: MessageCircle,
  withdraw: Banknote,
  bonus: Gift,
  referral: UsersRound,
  profile: UserCircle,
  phonenumber: Phone,
  member: Users,
  generator: Hash,
  validator: FileCheck2,
  message: MessageSquareText,
  level: Layers,
  proxy: Network,
  settings: Settings,
  audit: ScrollText,
  webhook: Webhook,
  suppression: ShieldOff,
  users: UserCog,
  monitor: Activity,
  blaster: Send,
  inbox: Inbox,
  segments: ListFilter,
  abtests: FlaskConical,
};

export function MenuIcon({ name, className }: { name: MenuIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} aria-hidden="true" />;
}
