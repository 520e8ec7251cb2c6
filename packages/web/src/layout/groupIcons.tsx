import {
  AlertOutlined,
  ApiOutlined,
  BarChartOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileTextOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  VerticalAlignMiddleOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** An icon per sidebar group (a single visible page shows its group's icon), so a collapsed sidebar still reads. */
export const GROUP_ICONS: Record<string, ReactNode> = {
  statistics: <BarChartOutlined />,
  elevator: <VerticalAlignMiddleOutlined />,
  monitor: <DesktopOutlined />,
  event: <AlertOutlined />,
  upkeep: <ToolOutlined />,
  baseInfo: <DatabaseOutlined />,
  userRole: <TeamOutlined />,
  system: <SettingOutlined />,
  document: <FileTextOutlined />,
  access: <ApiOutlined />,
  operations: <ControlOutlined />,
};
