import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel, user, userType } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { AccessTokensCard } from './AccessTokensCard';
import { ChangePasswordCard } from './ChangePasswordCard';

/** The caller's own profile and the password change with matching entries. */
export default function AccountPage() {
  const { t } = useTranslation();
  const { client, language, session } = useConsole();
  const me = useQuery({ queryKey: ['auth', 'me'], queryFn: () => client.auth.me() });
  const label = (key: keyof typeof user.fields) => user.fields[key].label[language];
  const data = me.data;
  return (
    <Row gutter={[16, 16]} data-testid="account">
      <Col xs={24} lg={12}>
        <Card title={t('account.profile')} loading={me.isLoading}>
          {data ? (
            <Descriptions
              column={1}
              items={[
                { key: 'username', label: label('username'), children: data.username },
                { key: 'name', label: label('name'), children: data.name },
                { key: 'phone', label: label('phone'), children: data.phone },
                { key: 'mail', label: label('mail'), children: data.mail ?? '-' },
                { key: 'type', label: label('userType'), children: enumLabel(userType, data.userType, language) },
                { key: 'company', label: t('account.company'), children: data.companyName ?? '-' },
                { key: 'tenant', label: t('account.tenant'), children: data.tenantName },
              ]}
            />
          ) : null}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <ChangePasswordCard allowed={data?.canChangePassword ?? true} />
      </Col>
      {/* a reset password must be changed before anything else answers */}
      {session?.mustChangePassword ? null : (
        <Col span={24}>
          <AccessTokensCard />
        </Col>
      )}
    </Row>
  );
}
