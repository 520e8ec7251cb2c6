import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginAnswer } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { withFeedback } from '../../app/feedback';
import { ACCOUNT_PATH, HOME_PATH } from '../../routes/paths';

/** After a login: go where the user was sent from, or to account settings when the password must change. */
export function useAfterLogin(): (answer: LoginAnswer) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refreshSession } = useConsole();
  return (answer) => {
    refreshSession();
    if (answer.mustChangePassword) {
      withFeedback((ui) => ui.message.warning(t('login.mustChangePassword')));
      navigate(ACCOUNT_PATH, { replace: true });
      return;
    }
    const redirect = params.get('redirect');
    navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : HOME_PATH, {
      replace: true,
    });
  };
}
