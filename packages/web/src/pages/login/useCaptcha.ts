import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../app/ConsoleContext';

/** A fresh captcha from the server; refetch() draws a new one (after a click or a failed login). */
export function useCaptcha() {
  const client = useClient();
  return useQuery({
    queryKey: ['captcha'],
    queryFn: () => client.auth.captcha(),
    staleTime: 0,
    gcTime: 0,
  });
}
