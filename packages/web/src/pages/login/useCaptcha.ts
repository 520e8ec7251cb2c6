import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../app/ConsoleContext';

/**
 * A fresh captcha from the server for one login form; refetch() draws a new one (after a click or a failed
 * login). Each form has its own: with one shared, switching from the password form to the SMS form showed the
 * password form's captcha and then replaced it under the reader's eyes, so an answer typed meanwhile was sent
 * with the new key and refused.
 */
export function useCaptcha(form: 'password' | 'sms') {
  const client = useClient();
  return useQuery({
    queryKey: ['captcha', form],
    queryFn: () => client.auth.captcha(),
    staleTime: 0,
    gcTime: 0,
  });
}
