/**
 * AnswerSummary: a questionnaire's results as the server counts them (`answerSummary`,
 * GET <base>/answerSummary?id=): the number of respondents, then per question the count and
 * share of each option of a choice question, or the list of answers of any other question.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Empty, List, Progress, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { http } from '../../api';
import { apiPath } from '../api';
import type { CustomWidgetProps } from '../registry';

interface Option { option: string; count: number; share: number }
interface Question { key: string; title: string; type: string; typeText: string; answered: number; options?: Option[]; other?: number; answers?: string[] }
interface Summary { respondents: number; questions: Question[] }

export const ANSWER_SUMMARY_TEXTS = {
  respondents: '答卷数',
  answered: (n: number) => `${n} 人作答`,
  option: '选项',
  count: '人数',
  share: '占比',
  other: '其他答案',
  none: '暂无答卷',
  noAnswers: '暂无作答',
  failed: '无法读取统计结果',
};

function ChoiceTable({ q }: { q: Question }) {
  const rows = [...(q.options ?? []), ...(q.other ? [{ option: ANSWER_SUMMARY_TEXTS.other, count: q.other, share: q.answered ? Math.round((q.other * 1000) / q.answered) / 10 : 0 }] : [])];
  return (
    <Table<Option>
      size="small"
      rowKey="option"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: ANSWER_SUMMARY_TEXTS.option, dataIndex: 'option', key: 'option' },
        { title: ANSWER_SUMMARY_TEXTS.count, dataIndex: 'count', key: 'count', width: 70, align: 'right' },
        { title: ANSWER_SUMMARY_TEXTS.share, dataIndex: 'share', key: 'share', width: 180, render: (v: number) => <Progress percent={v} size="small" format={(p) => `${p ?? 0}%`} /> },
      ]}
    />
  );
}

export default function AnswerSummary({ schema, row }: CustomWidgetProps) {
  const id = row?.id ? String(row.id) : '';
  const [data, setData] = useState<Summary | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!id) return undefined;
    const ctl = new AbortController();
    http.get<Summary>(apiPath(schema, 'answerSummary'), { id }, { signal: ctl.signal, silent: true }).then(
      (env) => (env.success && env.result ? setData(env.result) : setError(env.message || ANSWER_SUMMARY_TEXTS.failed)),
      () => setError(ANSWER_SUMMARY_TEXTS.failed),
    );
    return () => ctl.abort();
  }, [schema, id]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!data) return <div style={{ padding: 24, textAlign: 'center' }}><Spin /></div>;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="answer-summary">
      <Statistic title={ANSWER_SUMMARY_TEXTS.respondents} value={data.respondents} data-testid="answer-summary-respondents" />
      {data.respondents === 0 && <Empty description={ANSWER_SUMMARY_TEXTS.none} />}
      {data.questions.map((q) => (
        <Card
          key={q.key}
          size="small"
          data-testid={`answer-summary-q${q.key}`}
          title={<Space><span>{`${q.key}. ${q.title}`}</span><Tag>{q.typeText}</Tag></Space>}
          extra={<Typography.Text type="secondary">{ANSWER_SUMMARY_TEXTS.answered(q.answered)}</Typography.Text>}
        >
          {q.options ? (
            <ChoiceTable q={q} />
          ) : q.answers && q.answers.length ? (
            <List size="small" dataSource={q.answers} renderItem={(a) => <List.Item>{a}</List.Item>} style={{ maxHeight: 240, overflow: 'auto' }} />
          ) : (
            <Typography.Text type="secondary">{ANSWER_SUMMARY_TEXTS.noAnswers}</Typography.Text>
          )}
        </Card>
      ))}
    </Space>
  );
}
