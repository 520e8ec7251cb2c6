import type { LoginAnswer } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { withFeedback } from '../../app/feedback';
import { ACCOUNT_PATH, HOME_PATH } from '../../routes/paths';
import { useGoOn } from './goOn';
import { text } from '../../i18n/text';

/** After a login: go where the user was sent from, or to account settings when the password must change. */
export function useAfterLogin(): (answer: LoginAnswer) => void {
  const goOn = useGoOn();
  const { refreshSession } = useConsole();
  return (answer) => {
    refreshSession();
    if (answer.mustChangePassword) {
      withFeedback((ui) => ui.message.warning(text('login.mustChangePassword')));
      goOn(ACCOUNT_PATH);
      return;
    }
    const redirect = new URLSearchParams(location.search).get('redirect');
    goOn(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : HOME_PATH);
  };
}
