/** The design note's worked example (hisDoctor) plus the resources and dictionaries it refers to. */
import type { DictSchema, ResourceSchema } from '../../src/core/schema/types.js';
import { createRegistry } from '../../src/core/schema/registry.js';

export const hisHospital: ResourceSchema = {
  schemaVersion: 1, name: 'hisHospital', title: '医院管理', entity: '医院',
  menu: { group: '医院管理', path: '/app/hospital', icon: 'bank', order: 1 },
  fields: [
    { key: 'name', title: '医院名称', kind: 'string', required: true, maxLength: 64, search: 'like', unique: true },
    { key: 'level', title: '医院等级', kind: 'dict', dict: 'hospital_level', search: 'in' },
    { key: 'website', title: '官网', kind: 'url' },
  ],
};

export const hisDepartment: ResourceSchema = {
  schemaVersion: 1, name: 'hisDepartment', title: '科室管理', entity: '科室',
  menu: { group: '医院管理', path: '/app/department', order: 2 },
  fields: [
    { key: 'departName', title: '科室名称', kind: 'string', required: true, search: 'like' },
    { key: 'hospitalId', title: '所属医院', kind: 'ref', ref: { resource: 'hisHospital', label: 'name' }, required: true, search: 'eq' },
  ],
};

export const hisDoctor: ResourceSchema = {
  schemaVersion: 1,
  name: 'hisDoctor',
  title: '医生管理',
  entity: '医生',
  menu: { group: '医护管理', path: '/app/doctor', icon: 'medicine-box', order: 10 },
  fields: [
    { key: 'realname', title: '姓名', kind: 'string', required: true, maxLength: 32, search: 'like', list: { width: 100, fixed: 'left' } },
    { key: 'sex', title: '性别', kind: 'dict', dict: 'sex', required: true, search: 'eq' },
    { key: 'phone', title: '手机号', kind: 'phone', required: true, unique: true, sensitive: 'mask', search: 'like' },
    { key: 'idCard', title: '身份证号', kind: 'idcard', required: true, unique: true, sensitive: 'mask', list: false },
    { key: 'hospitalId', title: '所属医院', kind: 'ref', ref: { resource: 'hisHospital', label: 'name' }, required: true, search: 'eq' },
    { key: 'departIds', title: '科室', kind: 'refs', ref: { resource: 'hisDepartment', label: 'departName', filter: { hospitalId: { field: 'hospitalId' } } } },
    { key: 'title', title: '职称', kind: 'dict', dict: 'doctor_title', search: 'eq' },
    { key: 'onlineSwitch', title: '开通问诊', kind: 'boolean', default: false },
    { key: 'imagePrice', title: '图文问诊价格', kind: 'money', min: 0, visibleWhen: { onlineSwitch: true }, requiredWhen: { onlineSwitch: true } },
    { key: 'intro', title: '简介', kind: 'richtext', list: false },
    { key: 'auditStatus', title: '审核状态', kind: 'dict', dict: 'audit_status', default: '0', readOnly: true, search: 'eq' },
    { key: 'rejectReason', title: '驳回原因', kind: 'text', readOnly: true, list: false, visibleWhen: { auditStatus: '2' } },
  ],
  list: { columns: ['realname', 'sex', 'phone', 'hospitalId', 'title', 'auditStatus', 'createTime'], sort: 'createTime,desc', batch: ['delete'] },
  form: {
    open: 'drawer', columns: 2,
    sections: [
      { title: '基本信息', fields: ['realname', 'sex', 'phone', 'idCard'] },
      { title: '执业信息', fields: ['hospitalId', 'departIds', 'title', 'onlineSwitch', 'imagePrice', 'intro'] },
    ],
  },
  states: {
    field: 'auditStatus',
    transitions: [
      { action: 'approve', title: '审核通过', from: ['0'], to: '1' },
      { action: 'reject', title: '驳回', from: ['0'], to: '2', form: [{ key: 'rejectReason', title: '驳回原因', kind: 'text', required: true }] },
    ],
  },
};

export const dicts: DictSchema[] = [
  { code: 'sex', title: '性别', items: [{ value: '1', text: '男' }, { value: '2', text: '女' }] },
  { code: 'doctor_title', title: '职称', items: [{ value: '1', text: '主任医师' }, { value: '2', text: '副主任医师' }, { value: '3', text: '主治医师' }] },
  { code: 'audit_status', title: '审核状态', items: [{ value: '0', text: '待审核', color: 'orange' }, { value: '1', text: '已通过', color: 'green' }, { value: '2', text: '已驳回', color: 'red' }] },
  { code: 'hospital_level', title: '医院等级', items: [{ value: '3A', text: '三级甲等' }, { value: '2A', text: '二级甲等' }] },
];

export const resources = [hisHospital, hisDepartment, hisDoctor];
export const registry = createRegistry(resources, dicts);

/** The same documents as loader input, one file each. */
export function asFiles() {
  return {
    modules: resources.map((r) => ({ file: `schemas/modules/${r.name}.json`, data: structuredClone(r) })),
    dicts: dicts.map((d) => ({ file: `schemas/dicts/${d.code}.json`, data: structuredClone(d) })),
  };
}
