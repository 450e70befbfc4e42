/** 注册结果: the account just registered, with the way to log in. */
import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';

export default function RegisterResult() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const username = search.get('username') ?? '';
  return (
    <Result
      status="success"
      title={<h2 style={{ margin: 0, fontSize: 24, fontWeight: 'normal' }}>{`你的账户：${username} 注册成功`}</h2>}
      subTitle="账户已创建，请使用用户名和密码或手机号登录；管理员分配角色后即可使用对应功能。"
      extra={
        <Button type="primary" onClick={() => navigate('/user/login', { replace: true })}>
          登录
        </Button>
      }
    />
  );
}
