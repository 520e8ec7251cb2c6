import { Empty } from 'antd';

/** Gateway tests (the "Gateway test" tab of /deviceGateway): start a batch, follow each gateway's window. */
export default function GatewayTestsPanel() {
  return <Empty />;
}
