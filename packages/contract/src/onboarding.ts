import type { Role } from './roles';

// Apart from the answer's schema (schemas/onboarding.ts), so the dashboards read the steps without zod.

/**
 * The "getting started" steps on the dashboards (decision: issue #30). Each step is done once the data
 * it asks for exists, as the server counts it; none is ever ticked by hand.
 */
export const ONBOARDING_STEPS = [
  'phoneNumbers',
  'template',
  'members',
  'demoData',
  'connectAccount',
  'bankDetails',
  'firstBlast',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * Each role's steps, in the order they are taken. Staff have none: their dashboard is the withdraw
 * requests (spec 01 §2), the one task they have.
 */
export const ONBOARDING_STEPS_BY_ROLE: Readonly<Record<Role, readonly OnboardingStep[]>> = {
  admin: ['phoneNumbers', 'template', 'members'],
  dev: ['demoData', 'connectAccount', 'firstBlast'],
  member: ['connectAccount', 'bankDetails', 'firstBlast'],
  staff: [],
};
