import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError, enumLabel, getPublicScheme, modOrderStatus, modSalesOrder } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { formatYuan } from '../../components/fieldOptions';
import { InvalidShareLink } from '../workOrders/PublicWorkOrderView';

const fields = modSalesOrder.fields;

/** /scheme/{salesOrderNo}?k=…: a modernisation scheme as its customer opens it from a link, without a login. */
export default function SchemePage() {
  const { salesOrderNo = '' } = useParams();
  const [search] = useSearchParams();
  const { client, language } = useConsole();
  const key = search.get('k') ?? '';
  const read = useQuery({
    queryKey: ['publicScheme', salesOrderNo, key],
    queryFn: () => client.call(getPublicScheme, { params: { salesOrderNo }, query: { k: key } }),
    meta: { silent: true },
  });
  if (read.isError) {
    if (read.error instanceof ApiError && read.error.status === 404) return <InvalidShareLink />;
    return (
      <Card>
        <Result status="error" title={read.error.message} />
      </Card>
    );
  }
  const scheme = read.data;
  const label = (k: keyof typeof fields) => fields[k].label[language];
  return (
    <Card loading={read.isLoading} title={scheme?.schemeTitle} data-testid="public-scheme" style={{ margin: 16 }}>
      {scheme ? (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={label('salesOrderNo')}>{scheme.salesOrderNo}</Descriptions.Item>
          <Descriptions.Item label={label('customerName')}>{scheme.customerName}</Descriptions.Item>
          <Descriptions.Item label={label('elevatorIds')}>{scheme.elevators.join(', ')}</Descriptions.Item>
          <Descriptions.Item label={label('schemeItems')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>
              {scheme.schemeItems}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={label('totalPrice')}>
            {scheme.totalPrice === null || scheme.totalPrice === undefined
              ? ''
              : formatYuan(scheme.totalPrice, language)}
          </Descriptions.Item>
          <Descriptions.Item label={label('validUntil')}>{scheme.validUntil ?? ''}</Descriptions.Item>
          <Descriptions.Item label={label('status')}>
            {enumLabel(modOrderStatus, scheme.status, language)}
          </Descriptions.Item>
          <Descriptions.Item label={label('salesman')}>{scheme.salesman ?? ''}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
