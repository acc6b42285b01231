import type { OnboardingStep } from '@blaster/contract';

/**
 * Where each step is taken: the screen its link opens. Demo data has no screen of its own: the
 * checklist's button makes it.
 */
export const STEP_LINKS: Readonly<Record<Exclude<OnboardingStep, 'demoData'>, string>> = {
  phoneNumbers: '/phonenumber/create',
  template: '/message/create',
  // The profile's 'Copy Link Referral' button copies the sign-up link that invites a member.
  members: '/profile',
  connectAccount: '/whatsapp/create',
  bankDetails: '/profile?edit=1',
  firstBlast: '/whatsapp',
};
