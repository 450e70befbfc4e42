import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

const TEXTS = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，你访问的页面不存在',
  '500': '抱歉，服务器出错了',
} as const;

export default function ExceptionPage({ type }: { type: keyof typeof TEXTS }) {
  const navigate = useNavigate();
  return (
    <Result
      status={type}
      title={type}
      subTitle={TEXTS[type]}
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard/analysis')}>
          返回首页
        </Button>
      }
    />
  );
}
