import { ONBOARDING_STEPS_BY_ROLE, type OnboardingAnswer, type OnboardingStep } from '@blaster/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../lib/routes';
import { onboardingRepository, type OnboardingFacts } from './repository';

/** When each step counts as done, from the facts the database holds. */
const DONE: Record<OnboardingStep, (facts: OnboardingFacts) => boolean> = {
  phoneNumbers: (facts) => facts.active_numbers,
  template: (facts) => facts.active_template,
  members: (facts) => facts.members,
  // What a blast needs to send at all: numbers to send to and an active template.
  demoData: (facts) => facts.active_numbers && facts.active_template,
  connectAccount: (facts) => facts.own_account,
  bankDetails: (facts) => facts.bank_details,
  firstBlast: (facts) => facts.own_blast,
};

/** The caller's steps in their role's order; a role without steps reads nothing. */
export async function onboardingSteps(ctx: AppContext, user: AuthUser): Promise<OnboardingAnswer> {
  const ids = ONBOARDING_STEPS_BY_ROLE[user.role];
  if (ids.length === 0) return { steps: [] };
  const facts = await onboardingRepository.facts(ctx.db, user.id);
  return { steps: ids.map((id) => ({ id, done: DONE[id](facts) })) };
}
