import { expect, test } from 'vitest';
import { columnName, tableName, toTableSpec } from '../../src/core/projections/sql.js';
import { permissionCode, permissionCodes, requiredPermission, toMenuEntries } from '../../src/core/projections/menu.js';
import { hisDoctor, resources } from './fixtures.js';

test('names', () => {
  expect(columnName('createTime')).toBe('create_time');
  expect(columnName('idCard')).toBe('id_card');
  expect(tableName(hisDoctor)).toBe('his_doctor');
  expect(tableName({ name: 'x', table: 'sys_x' })).toBe('sys_x');
});

test('toTableSpec', () => {
  const t = toTableSpec(hisDoctor);
  expect(t.columns.slice(0, 6).map((c) => `${c.name}:${c.type}:${c.notNull}`)).toEqual(['id:text:true', 'tenant_id:integer:true', 'create_by:text:false', 'create_time:text:false', 'update_by:text:false', 'update_time:text:false']);
  const col = Object.fromEntries(t.columns.map((c) => [c.key, c]));
  expect(col.onlineSwitch).toMatchObject({ name: 'online_switch', type: 'integer', notNull: false });
  expect(col.imagePrice).toMatchObject({ type: 'fen', notNull: false }); // money: whole fen
  expect(col.realname).toMatchObject({ type: 'text', notNull: true });
  expect(t.indexes).toEqual([
    { name: 'idx_his_doctor_tenant_create_time', columns: ['tenant_id', 'create_time'], unique: false },
    { name: 'idx_his_doctor_tenant_sex', columns: ['tenant_id', 'sex'], unique: false },
    { name: 'uk_his_doctor_tenant_phone', columns: ['tenant_id', 'phone'], unique: true },
    { name: 'uk_his_doctor_tenant_id_card', columns: ['tenant_id', 'id_card'], unique: true },
    { name: 'idx_his_doctor_tenant_hospital_id', columns: ['tenant_id', 'hospital_id'], unique: false },
    { name: 'idx_his_doctor_tenant_title', columns: ['tenant_id', 'title'], unique: false },
    { name: 'idx_his_doctor_tenant_audit_status', columns: ['tenant_id', 'audit_status'], unique: false },
  ]);
});

test('permissions', () => {
  expect(permissionCode(hisDoctor, 'add')).toBe('hisDoctor:add');
  expect(permissionCode({ name: 'x', permissionPrefix: 'doctor' }, 'add')).toBe('doctor:add');
  expect(permissionCodes(hisDoctor)).toEqual([
    { code: 'hisDoctor:list', title: '查看医生' }, { code: 'hisDoctor:add', title: '新增医生' }, { code: 'hisDoctor:edit', title: '编辑医生' },
    { code: 'hisDoctor:delete', title: '删除医生' }, { code: 'hisDoctor:deleteBatch', title: '批量删除医生' },
    { code: 'hisDoctor:approve', title: '审核通过' }, { code: 'hisDoctor:reject', title: '驳回' },
  ]);
  expect(requiredPermission(hisDoctor, 'queryById')).toBe('hisDoctor:list');
});

test('toMenuEntries', () => {
  const m = toMenuEntries(resources);
  expect(m.map((g) => [g.title, g.order, g.items.map((i) => i.resource)])).toEqual([
    ['医院管理', 1, ['hisHospital', 'hisDepartment']],
    ['医护管理', 10, ['hisDoctor']],
  ]);
  expect(m[1]!.items[0]).toMatchObject({ title: '医生管理', path: '/app/doctor', name: 'app-doctor', component: 'resource/hisDoctor', icon: 'medicine-box', order: 10, keepAlive: false });
  const kept = toMenuEntries([{ ...resources[2]!, menu: { ...resources[2]!.menu!, keepAlive: true } }]);
  expect(kept[0]!.items[0]!.keepAlive).toBe(true);
});
