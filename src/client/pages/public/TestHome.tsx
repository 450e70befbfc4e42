/** /test/home: a public landing page linking the public pages and the console login. */
import { Card, Col, Row } from 'antd';
import { Link } from 'react-router';
import PublicLayout from './PublicLayout';

const LINKS = [
  { to: '/download', title: '下载', text: '患者端、医生端、护士端、药师端 APP 的当前版本' },
  { to: '/agreement', title: '协议', text: '用户服务协议、隐私政策等当前生效的协议' },
  { to: '/OrderTreatProcess', title: '就诊流程', text: '问诊、开方、送药的完整流程' },
  { to: '/user/login', title: '登录后台', text: '互联网医院后台管理' },
];

export default function TestHome() {
  return (
    <PublicLayout title="欢迎使用互联网医院">
      <Row gutter={[16, 16]}>
        {LINKS.map((l) => (
          <Col key={l.to} xs={24} md={12}>
            <Link to={l.to}>
              <Card hoverable title={l.title}>{l.text}</Card>
            </Link>
          </Col>
        ))}
      </Row>
    </PublicLayout>
  );
}
