import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  GATEWAY_TEST,
  fieldLabel,
  gatewayTest,
  gatewayTestAddRules,
  gatewayTestRules,
  type GatewayTest,
  type GatewayTestBody,
  type Issue,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';
import { formFieldOf, gatewayTestIssueText, type GatewayTestFormField } from './issueText';

type Errors = Partial<Record<GatewayTestFormField, string[]>>;

/**
 * Start a gateway test: DTUs are added one at a time (domain.md: several cannot be added at once) up to the
 * batch limit; the batch, benchmark and total time are checked with the client's rules before sending.
 */
export function GatewayTestForm(props: { onCreated: (test: GatewayTest) => void }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const [typed, setTyped] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [passBenchmark, setPassBenchmark] = useState<number | null>(null);
  const [testTime, setTestTime] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const label = (field: string) => fieldLabel(gatewayTest.createSchema, field, language);

  const show = (issues: Issue[], list: readonly string[], text = '') => {
    const next: Errors = {};
    for (const issue of issues)
      (next[formFieldOf(issue)] ??= []).push(gatewayTestIssueText(issue, list, language, text));
    setErrors(next);
  };

  const add = () => {
    const adding = typed.split(/[\s,;，；]+/).filter(Boolean);
    const issues = gatewayTestAddRules(adding, codes, 'dtuCode');
    if (issues.length) return show(issues, codes, typed);
    setCodes([...codes, adding[0]!.trim()]);
    setTyped('');
    setErrors({});
  };

  const create = useMutation({
    meta: { silent: true },
    mutationFn: (body: GatewayTestBody) => client.gatewayTests.create(body),
    onSuccess: (test) => {
      message.success(t('gatewayTests.started'));
      setCodes([]);
      props.onCreated(test);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0)
        setErrors({ dtuCode: error.fieldErrors.map((e) => e.message) });
      else reportError(error);
    },
  });

  const start = () => {
    const body = { dtuCodes: codes, passBenchmark, testTime };
    const issues = gatewayTestRules(body);
    if (issues.length) return show(issues, codes);
    setErrors({});
    create.mutate(body);
  };

  const status = (field: GatewayTestFormField) =>
    errors[field] ? { validateStatus: 'error' as const, help: errors[field].join(' ') } : {};

  return (
    <Card title={t('gatewayTests.newTest')} size="small" data-testid="gateway-test-form">
      <Form layout="vertical">
        <Form.Item
          label={`${label('dtuCodes')} (${codes.length} / ${GATEWAY_TEST.maxBatch})`}
          extra={t('gatewayTests.addHint')}
          {...status('dtuCode')}
        >
          <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
            <Input
              value={typed}
              placeholder={t('gatewayTests.dtuPlaceholder')}
              onChange={(e) => setTyped(e.target.value)}
              onPressEnter={(e) => {
                e.preventDefault();
                add();
              }}
              data-testid="gateway-test-dtu"
            />
            <Button onClick={add} data-testid="gateway-test-add">
              {t('gatewayTests.add')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Flex wrap gap={4} style={{ marginBottom: 16 }} data-testid="gateway-test-dtus">
          {codes.map((code) => (
            <Tag key={code} closable onClose={() => setCodes(codes.filter((c) => c !== code))}>
              {code}
            </Tag>
          ))}
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            label={label('passBenchmark')}
            extra={t('gatewayTests.benchmarkHint')}
            {...status('passBenchmark')}
          >
            <InputNumber
              value={passBenchmark}
              onChange={(v) => setPassBenchmark(v === null ? null : Number(v))}
              style={{ width: 200 }}
              data-testid="gateway-test-benchmark"
            />
          </Form.Item>
          <Form.Item label={label('testTime')} extra={t('gatewayTests.testTimeHint')} {...status('testTime')}>
            <InputNumber
              value={testTime}
              onChange={(v) => setTestTime(v === null ? null : Number(v))}
              style={{ width: 200 }}
              data-testid="gateway-test-time"
            />
          </Form.Item>
        </Flex>
        <Button type="primary" onClick={start} loading={create.isPending} data-testid="gateway-test-start">
          {t('gatewayTests.start')}
        </Button>
      </Form>
    </Card>
  );
}
