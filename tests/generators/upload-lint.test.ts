/** Linter rules of the regulator upload words (`upload`, `uploadQueue`) on the project's schemas, each broken once. */
import { describe, expect, test } from 'vitest';
import { loadRegistry } from '../../src/core/schema/load.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { readSchemaFiles } from '../../src/server/schemas-fs.js';

function errors(mutate: (byName: (n: string) => ResourceSchema) => void): string[] {
  const files = readSchemaFiles();
  const modules = files.modules.map((f) => ({ file: f.file, data: JSON.parse(JSON.stringify(f.data)) as unknown }));
  mutate((n) => modules.find((m) => (m.data as ResourceSchema).name === n)!.data as ResourceSchema);
  const { problems } = loadRegistry(modules, files.dicts, files.extensions);
  return problems.filter((p) => p.severity === 'error').map((p) => `${p.file.split('/').pop()} ${p.path} ${p.message}`);
}

describe('upload / uploadQueue', () => {
  test('the project schemas are clean', () => {
    expect(errors(() => {})).toEqual([]);
  });

  test('upload: a type of the queue, declared fields of fitting kinds, an enqueueing transition', () => {
    expect(errors((m) => { m('hisSuperviseBook').upload!.type = 'book'; })).toEqual(['hisSuperviseBook.json /upload/type 上报类型 "book" 不是字典 "upload_type" 的值']);
    expect(errors((m) => { m('hisSuperviseBook').upload!.bizNo = 'orderNo'; })).toEqual(['hisSuperviseBook.json /upload/bizNo 业务单号字段 "orderNo" 不是已声明的字段']);
    expect(errors((m) => { m('hisSuperviseBook').upload!.status = 'bookStatus'; })).toEqual(['hisSuperviseBook.json /upload/status 上报状态字段 "bookStatus" 必须是字典 "upload_status" 的 dict 字段（与上报队列相同）']);
    expect(errors((m) => { m('hisSuperviseBook').upload!.time = 'visitDate'; })).toEqual(['hisSuperviseBook.json /upload/time 上报时间字段 "visitDate" 必须是已声明的 datetime 字段']);
    expect(errors((m) => { m('hisSuperviseBook').states!.transitions[0]!.effect = undefined; delete m('hisSuperviseBook').states!.transitions[0]!.effect; })).toEqual(['hisSuperviseBook.json /upload 声明了 upload，但没有 effect 为 regulatorEnqueue 的流转']);
    // every module that uploads is told
    const uploading = ['hisAdrReport', 'hisAgreement', 'hisCase', 'hisDepartment', 'hisEvaluation', 'hisHospital', 'hisNetHospital', 'hisPrescription', 'hisSuperviseBook', 'hisSuperviseNurse', 'hisTeleconsult', 'sysDrug'];
    expect([...errors((m) => { delete m('hisSuperviseUpload').uploadQueue; })].sort()).toEqual(uploading.map((n) => `${n}.json /upload 声明了 upload，但没有声明 uploadQueue 的上报队列资源`).sort());
  });

  test('uploadQueue: its fields, its regulator configuration, one queue only', () => {
    expect(errors((m) => { m('hisSuperviseUpload').fields.find((f) => f.key === 'nextTime')!.kind = 'date'; })).toEqual([
      'hisSuperviseUpload.json /uploadQueue 上报队列缺少字段：nextTime（datetime）',
    ]);
    expect(errors((m) => { m('hisSuperviseOrg').fields.find((f) => f.key === 'maxRetries')!.kind = 'number'; })).toEqual([
      'hisSuperviseUpload.json /uploadQueue 上报队列的监管机构配置 "hisSuperviseOrg" 缺少字段：maxRetries（integer）',
    ]);
    expect(errors((m) => { m('hisSuperviseOrg').uploadQueue = true; }).some((e) => e.includes('上报队列只能有一个'))).toBe(true);
  });
});
