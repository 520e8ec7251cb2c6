import type { ReactNode } from 'react';
import { lazyScreen } from './lazyScreen';

const Home = lazyScreen(() => import('../pages/home/HomePage'));
const Account = lazyScreen(() => import('../pages/account/AccountPage'));
const AnnouncementList = lazyScreen(() => import('../pages/announcements/AnnouncementListPage'));
const AnnouncementDetail = lazyScreen(() => import('../pages/announcements/AnnouncementDetailPage'));
const Users = lazyScreen(() => import('../pages/users/UsersPage'));
const Roles = lazyScreen(() => import('../pages/roles/RolesPage'));
const Companies = lazyScreen(() => import('../pages/companies/CompaniesPage'));
const UseUnits = lazyScreen(() => import('../pages/useUnits/UseUnitsPage'));
const QualityBodies = lazyScreen(() => import('../pages/qualityBodies/QualityBodiesPage'));
const Tenants = lazyScreen(() => import('../pages/tenants/TenantsPage'));
const UiSettings = lazyScreen(() => import('../pages/uiSettings/UiSettingsPage'));
const LoginLogs = lazyScreen(() => import('../pages/logs/LoginLogPage'));
const OperationLogs = lazyScreen(() => import('../pages/logs/OperationLogPage'));
const MessageRecords = lazyScreen(() => import('../pages/messages/MessageRecordsPage'));
const SystemSetting = lazyScreen(() => import('../pages/systemSetting/SystemSettingPage'));

/** Home pages of console-shell.md §2.2 (every logged-in user). */
export const HOME_SCREENS: Record<string, ReactNode> = {
  '/': <Home />,
  '/account': <Account />,
  '/publicNoticeMore': <AnnouncementList />,
  '/publicNoticeDetail/:id': <AnnouncementDetail />,
};

/** Sidebar pages built so far; every other sidebar path shows NotAvailable. */
export const BUILT_MENU_SCREENS: Record<string, ReactNode> = {
  '/user': <Users />,
  '/role': <Roles />,
  '/createCompany': <Companies type={1} />,
  '/maintCompany': <Companies type={2} />,
  '/propertyCompany': <Companies type={3} />,
  '/installCompany': <Companies type={4} />,
  '/changeCompany': <Companies type={5} />,
  '/agent': <Companies type={7} />,
  '/useUnitCom': <UseUnits />,
  '/quantity': <QualityBodies />,
  '/tenant': <Tenants />,
  '/uiSetting': <UiSettings />,
  '/userLoginLog': <LoginLogs />,
  '/userOperateLog': <OperationLogs />,
  '/message': <MessageRecords />,
  '/systemSetting': <SystemSetting />,
};
