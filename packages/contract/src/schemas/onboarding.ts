import { z } from '../validation-texts';
import { ONBOARDING_STEPS } from '../onboarding';

/** The caller's steps, in their role's order, each with whether it is done. */
export const onboardingAnswerSchema = z.object({
  steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
});
export type OnboardingAnswer = z.output<typeof onboardingAnswerSchema>;
