// The B6 baseline: the least a login page on React and antd can be (a card, a form, three inputs, a button).
import { Button, Card, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createRoot } from 'react-dom/client';

function Login() {
  return (
    <ConfigProvider locale={zhCN}>
      <Card title="Login" style={{ width: 360, margin: '120px auto' }}>
        <Form layout="vertical" onFinish={() => undefined}>
          <Form.Item name="username" label="Username" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true }]}>
            <Input.Password />
          </Form.Item>
          <Form.Item name="captcha" label="Captcha" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            Login
          </Button>
        </Form>
      </Card>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<Login />);
