/**
 * `answerSummary` through the HTTP API: GET /hisSurvey/answerSummary?id= counts the recorded
 * answer sheets of one questionnaire of the caller's tenant — respondents, per choice question
 * the count and share of each option (a multi-choice answer counts each option it names, an
 * answer naming none is 其他), per other question its answers — and nothing of another tenant.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let hosp: string;
let admin: string;
let db: BetterSqlite3.Database;
const root = tempDir('hosp-answers-');
let surveyId: string;
let seq = 0;

function answer(tenantId: number, survey: string, memberId: string, answers: unknown) {
  seq += 1;
  db.prepare(`insert into his_survey_answer (id, tenant_id, create_by, create_time, version, survey_id, member_id, answers, client, submit_time)
    values (?, ?, 'patient', ?, 1, ?, ?, ?, '1', ?)`).run(`99000000000000000${String(seq).padStart(2, '0')}`, tenantId, `2026-01-0${seq} 10:00:00`, survey, memberId, JSON.stringify(answers), `2026-01-0${seq} 10:00:00`);
}

beforeAll(async () => {
  app = await testApp({ memory: false, dataDir: root, seedRows: 4 });
  hosp = await login(app, 'hospadmin');
  admin = await login(app, 'admin');
  const r = await call<string>(app, '/hisSurvey/add', {
    token: hosp,
    body: {
      title: '图文问诊满意度调查', surveyType: '1', scenes: '1',
      questions: [
        { sort: 1, questionType: '1', content: '您对医生的回复速度是否满意？', options: '非常满意\n满意\n不满意', score: 5, mustAnswer: true },
        { sort: 2, questionType: '2', content: '您通过哪些渠道了解到本院？', options: '公众号\n小程序\n朋友推荐', score: 0, mustAnswer: false },
        { sort: 3, questionType: '3', content: '您还有什么建议？', score: 0, mustAnswer: false },
      ],
    },
  });
  expect(r.body.success, r.body.message).toBe(true);
  surveyId = r.body.result;
  db = new BetterSqlite3(path.join(root, 'hospital.db'));
  const member = String((await call<Page<Rec>>(app, '/hisMember/list', { token: hosp, query: { pageSize: 1 } as never })).body.result.records[0]!.id);
  answer(1001, surveyId, member, [{ sort: 1, answer: '非常满意' }, { sort: 2, answer: ['公众号', '朋友推荐'] }, { sort: 3, answer: '希望增加夜间问诊' }]);
  answer(1001, surveyId, member, [{ sort: 1, answer: '非常满意' }, { sort: 2, answer: '小程序,公众号' }]);
  answer(1001, surveyId, member, [{ sort: 1, answer: '一般般' }, { sort: 3, answer: '回复很及时' }]);
  answer(1001, surveyId, member, [{ sort: 1, answer: '满意' }, { sort: 3, answer: '' }]);
  // another tenant's sheet naming the same questionnaire id is not counted
  answer(1000, surveyId, member, [{ sort: 1, answer: '不满意' }]);
});
afterAll(async () => { db?.close(); await app.close(); });

describe('问卷结果统计 (answerSummary)', () => {
  it('counts respondents, options and shares per question, and lists the text answers', async () => {
    const r = await call<Rec>(app, '/hisSurvey/answerSummary', { token: hosp, query: { id: surveyId } });
    expect(r.body.success, r.body.message).toBe(true);
    expect(r.body.result).toEqual({
      respondents: 4,
      questions: [
        {
          key: '1', title: '您对医生的回复速度是否满意？', type: '1', typeText: '单选', answered: 4, other: 1,
          options: [{ option: '非常满意', count: 2, share: 50 }, { option: '满意', count: 1, share: 25 }, { option: '不满意', count: 0, share: 0 }],
        },
        {
          key: '2', title: '您通过哪些渠道了解到本院？', type: '2', typeText: '多选', answered: 2, other: 0,
          options: [{ option: '公众号', count: 2, share: 100 }, { option: '小程序', count: 1, share: 50 }, { option: '朋友推荐', count: 1, share: 50 }],
        },
        { key: '3', title: '您还有什么建议？', type: '3', typeText: '填空', answered: 2, answers: ['希望增加夜间问诊', '回复很及时'] },
      ],
    });
  });

  it('the seeded questionnaires\' 答卷数 count their seeded sheets', async () => {
    const surveys = (await call<Page<Rec>>(app, '/hisSurvey/list', { token: hosp, query: { pageSize: 100 } as never })).body.result.records.filter((s) => s.id !== surveyId);
    let answered = 0;
    for (const s of surveys) {
      const total = (await call<Page<Rec>>(app, '/hisSurveyAnswer/list', { token: hosp, query: { surveyId: String(s.id), pageSize: 1 } as never })).body.result.total;
      expect(s.answerCount, String(s.title)).toBe(total);
      answered += total;
    }
    expect(answered).toBeGreaterThan(0);
  });

  it('another tenant\'s questionnaire is not found, and the id is required', async () => {
    const other = await call(app, '/hisSurvey/answerSummary', { token: admin, query: { id: surveyId } });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('未找到对应数据');
    const bare = await call(app, '/hisSurvey/answerSummary', { token: hosp, query: {} });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('缺少参数：id');
  });
});
