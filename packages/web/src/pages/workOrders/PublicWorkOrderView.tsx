import { PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Space, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alarmType,
  ApiError,
  enumLabel,
  workOrder,
  workOrderRoleLabel,
  workOrderState,
  type ShareLinkSignature,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

const label = workOrder.fields;

/** What a link that is wrong, tampered with, expired or missing its signature shows: no data at all. */
export function InvalidShareLink(props: { extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="share-link-invalid">
      <Result
        status="warning"
        title={t('shareLink.invalid')}
        subTitle={t('shareLink.invalidHint')}
        extra={props.extra}
      />
    </Card>
  );
}

/**
 * A work order opened through a signed link, with no login: the field view the public endpoint gives,
 * laid out for a phone. A flawed or expired link shows only that it is invalid.
 */
export function PublicWorkOrderView(props: { id: string; signature: ShareLinkSignature }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const read = useQuery({
    queryKey: ['publicWorkOrder', props.id, props.signature.sig, props.signature.exp],
    queryFn: () => client.workOrderLinks.read(props.id, props.signature),
    // the page says what went wrong itself
    meta: { silent: true },
  });

  if (read.isError) {
    // 404 is every flaw of a link alike; anything else (too many requests, no connection) says what it is
    if (read.error instanceof ApiError && read.error.status === 404) return <InvalidShareLink />;
    return (
      <Card data-testid="public-work-order-error">
        <Result status="error" title={read.error.message} />
      </Card>
    );
  }
  const order = read.data;
  const field = (key: keyof typeof label) => label[key].label[language];
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="public-work-order">
      <Card loading={read.isLoading} size="small" styles={{ body: { padding: 12 } }}>
        {order ? (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Space wrap size={4}>
              <Tag color="blue" data-testid="work-order-state">
                {enumLabel(workOrderState, order.state, language)}
              </Tag>
              <Tag color={order.peopleTrapped ? 'red' : 'volcano'}>
                {enumLabel(alarmType, order.alarmType, language)}
              </Tag>
              {/* alarm type 1 already says "people trapped" */}
              {order.peopleTrapped && order.alarmType !== 1 ? <Tag color="red">{t('shareLink.trapped')}</Tag> : null}
              {order.paused ? <Tag>{t('shareLink.paused')}</Tag> : null}
            </Space>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="public-elevator-name">
              {order.elevatorName ?? '-'}
            </Typography.Title>
            <Typography.Text>{order.address ?? '-'}</Typography.Text>
            <Typography.Text type="secondary">
              {field('workOrderNo')} {order.workOrderNo}
            </Typography.Text>
          </Space>
        ) : null}
      </Card>
      {order ? (
        <>
          <Card size="small" styles={{ body: { padding: 12 } }}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'alarmTime', label: field('alarmTime'), children: order.alarmTime },
                { key: 'callTime', label: field('callTime'), children: order.receivedTime ?? '-' },
                { key: 'finishTime', label: field('finishTime'), children: order.finishTime ?? '-' },
                { key: 'contactPerson', label: field('contactPerson'), children: order.contactPerson ?? '-' },
                {
                  key: 'contactTel',
                  label: field('contactTel'),
                  // the server masks the phone for a reader who is not signed in: no number to dial then
                  children: !order.contactPhone ? (
                    '-'
                  ) : order.contactPhone.includes('*') ? (
                    <span data-testid="contact-phone">{order.contactPhone}</span>
                  ) : (
                    <a href={`tel:${order.contactPhone}`} aria-label={t('shareLink.call')} data-testid="contact-phone">
                      <PhoneOutlined /> {order.contactPhone}
                    </a>
                  ),
                },
              ]}
            />
          </Card>
          {order.people.length > 0 ? (
            <Card size="small" title={t('monitoring.people')} styles={{ body: { padding: 12 } }}>
              <Space wrap size={4}>
                {order.people.map((p) => (
                  <Tag key={`${p.name}:${p.role}`}>
                    {p.name} · {workOrderRoleLabel(p.role, language)}
                  </Tag>
                ))}
              </Space>
            </Card>
          ) : null}
          <Card size="small" title={t('monitoring.timeline')} styles={{ body: { padding: 12 } }}>
            <Timeline
              data-testid="work-order-timeline"
              items={order.timeline.map((step, i) => ({
                key: i,
                content: (
                  <>
                    <b>{enumLabel(workOrderState, step.state, language)}</b>
                    {step.userName ? ` · ${step.userName}` : ''}
                    <div>
                      <Typography.Text type="secondary">{step.time}</Typography.Text>
                    </div>
                    {step.note ? <div>{step.note}</div> : null}
                  </>
                ),
              }))}
            />
          </Card>
          <Typography.Text type="secondary" style={{ textAlign: 'center', display: 'block' }}>
            {t('shareLink.validUntil', { time: order.linkExpireTime })}
          </Typography.Text>
        </>
      ) : null}
    </Space>
  );
}
