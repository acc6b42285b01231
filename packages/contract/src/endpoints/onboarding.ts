import { ALL_ROLES } from '../roles';
import { onboardingAnswerSchema } from '../schemas/onboarding';
import { endpoint } from './define';

/** The dashboards' "getting started" checklist: the caller's own steps, read from the data. */
export const onboardingEndpoints = {
  onboarding: endpoint({
    method: 'GET',
    path: '/api/onboarding',
    access: ALL_ROLES,
    answer: onboardingAnswerSchema,
    summary: "The caller's getting-started steps and whether each is done",
    tags: ['Onboarding'],
  }),
} as const;
