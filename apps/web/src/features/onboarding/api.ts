import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type RealtimeEvent, type User } from '@blaster/contract';
import { messages, t } from '../../i18n';
import { callEndpoint, errorText } from '../../lib/api';
import { userChannel } from '../../lib/user-channel';
import { useRefreshOnEvents } from '../../lib/refresh-on-events';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  steps: (userId: number) => [...onboardingKeys.all, userId] as const,
};

/** How many demo numbers one press adds (the endpoint's own default). */
export const DEMO_NUMBERS = 20;

const TICKING_EVENTS = new Set(['count_success', 'count_fail', 'connection.update']);
const ticksAStep = (message: RealtimeEvent) => TICKING_EVENTS.has(message.event);

/** The viewer's steps and whether each is done; read again when a blast or a connection moves. */
export function useOnboarding(user: User, enabled: boolean) {
  const channel = userChannel(user);
  useRefreshOnEvents(enabled ? channel : null, ticksAStep, onboardingKeys.all, 1000);
  return useQuery({
    queryKey: onboardingKeys.steps(user.id),
    queryFn: () => callEndpoint('onboarding'),
    enabled,
    // Its steps are done on other screens (connecting an account, the profile): coming back to the
    // dashboard reads them again at once rather than showing the copy from before for 15 s.
    staleTime: 0,
  });
}

/** A dev's demo data (numbers, and a template when there is none); says what was added. */
export function useCreateDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(
        'sandboxDemoData',
        { body: { count: DEMO_NUMBERS } },
        { fallback: messages().networkError },
      ),
    onSuccess: (answer) => {
      toast.success(
        t('onboarding.demoDataCreated', { numbers: answer.phoneNumbers, templates: answer.templates }),
      );
      // The figures on screen count the new numbers too.
      void queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(errorText(error)),
  });
}
