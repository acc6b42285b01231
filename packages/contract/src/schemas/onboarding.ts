import { z } from 'zod';
import type { Role } from '../roles';

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

/** The caller's steps, in their role's order, each with whether it is done. */
export const onboardingAnswerSchema = z.object({
  steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
});
export type OnboardingAnswer = z.output<typeof onboardingAnswerSchema>;
