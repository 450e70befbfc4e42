/** What every way of logging in does after success: greet, then go to the redirect query or home. */
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../api/feedback';
import { RequestError } from '../../api/request';
import { timeFix } from '../../state/greeting';
import { HOME_PATH } from '../../app/paths';

export function useAfterLogin(): () => void {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return () => {
    feedback.notification.success({ message: '欢迎', description: `${timeFix()}，欢迎回来` });
    const redirect = search.get('redirect');
    navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('/user/login') ? redirect : HOME_PATH, { replace: true });
  };
}

/** A refusal the request layer has not shown yet. */
export function showLoginError(e: unknown): void {
  if (!(e instanceof RequestError && e.notified)) feedback.message.error((e as Error)?.message || '登录失败');
}
