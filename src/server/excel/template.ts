/**
 * GET <base>/importTemplate: sheet 1 (named after the entity) has the header row of the
 * importable fields (titles; required ones red) and list validations for single dicts and
 * booleans (options on a hidden sheet `_options`); sheet 2 `填写说明` lists each field's rules.
 */
import type ExcelJS from 'exceljs';
import { excelJs } from './exceljs.js';
import { fieldRules } from '../../core/validators/rules.js';
import type { AppContext } from '../context.js';
import type { FieldCol, ResourceModel } from '../resources/model.js';
import { dictItems, importFields } from './fields.js';
import { MAX_IMPORT_ROWS } from './import.js';

const KIND_TEXT: Record<string, string> = {
  string: '文本', text: '多行文本', integer: '整数', number: '数字', money: '金额（元，最多2位小数）', boolean: '是/否',
  date: '日期（YYYY-MM-DD）', datetime: '日期时间（YYYY-MM-DD HH:mm:ss）', time: '时间（HH:mm:ss）',
  dict: '下拉选项', ref: '关联数据（填写名称）', refs: '多个关联数据（名称以英文逗号分隔）', treeRef: '关联数据（填写名称）',
  region: '地区', phone: '手机号', idcard: '身份证号', url: '网址', email: '邮箱', color: '颜色', icon: '图标',
};

/** exceljs has `dataValidations.add(range, ...)` but its typings miss it. */
type WithValidations = { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } };

function colLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

function requirement(ctx: AppContext, c: FieldCol): string {
  const f = c.field;
  const parts: string[] = [];
  for (const r of fieldRules(f)) {
    if (r.type === 'required' || r.type === 'integer' || r.type === 'number') continue;
    parts.push(r.message);
  }
  if (f.unique) parts.push('不能与系统中已有数据重复，文件内也不能重复');
  if (f.kind === 'ref' || f.kind === 'refs' || f.kind === 'treeRef') {
    const target = f.ref ? ctx.registry.resources.get(f.ref.resource) : undefined;
    const label = target?.fields.find((x) => x.key === f.ref?.label)?.title ?? f.ref?.label;
    if (target) parts.push(`填写${target.entity}的${label}`);
    if (f.ref?.filter) parts.push('按同一行中的相关字段筛选匹配');
  }
  if (f.kind === 'dict' && f.multiple) parts.push('可填写多个，以英文逗号分隔');
  if (f.visibleWhen) parts.push('仅在满足显示条件时保存');
  if (f.form && typeof f.form === 'object' && f.form.help) parts.push(f.form.help);
  return parts.join('；');
}

export async function buildTemplate(ctx: AppContext, m: ResourceModel): Promise<Buffer> {
  const fields = importFields(m);
  const wb = new (excelJs().Workbook)();
  wb.creator = '互联网医院后台管理';
  const sheet = wb.addWorksheet(m.schema.entity.slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  const help = wb.addWorksheet('填写说明');
  const options = wb.addWorksheet('_options', { state: 'veryHidden' });

  sheet.columns = fields.map((c) => ({ header: c.field.title, key: c.key, width: Math.max(12, c.field.title.length * 2 + 6) }));
  const header = sheet.getRow(1);
  let optionColumns = 0;
  header.font = { bold: true };
  fields.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.field.required ? 'FFFFE7E6' : 'FFF5F5F5' } };
    if (c.field.required) cell.font = { bold: true, color: { argb: 'FFCF1322' } };
    const f = c.field;
    let list: string[] | null = null;
    if (f.kind === 'dict' && !f.multiple) list = dictItems(ctx, f.dict).map((x) => x.text);
    if (f.kind === 'boolean') list = ['是', '否'];
    if (list && list.length > 0) {
      const oc = ++optionColumns;
      list.forEach((t, j) => (options.getCell(j + 1, oc).value = t));
      const letter = colLetter(oc);
      const target = colLetter(i + 1);
      (sheet as unknown as WithValidations).dataValidations.add(`${target}2:${target}${MAX_IMPORT_ROWS + 1}`, {
        type: 'list',
        allowBlank: !f.required,
        formulae: [`'_options'!$${letter}$1:$${letter}$${list.length}`],
        showErrorMessage: true,
        errorTitle: f.title,
        error: `请从下拉列表中选择${f.title}`,
      });
    }
  });

  help.columns = [
    { header: '字段', key: 'title', width: 20 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '填写格式', key: 'kind', width: 30 },
    { header: '可选值', key: 'values', width: 40 },
    { header: '填写要求', key: 'rules', width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of fields) {
    const f = c.field;
    const values = f.kind === 'dict' ? dictItems(ctx, f.dict).map((x) => x.text).join('、') : f.kind === 'boolean' ? '是、否' : '';
    help.addRow({
      title: f.title,
      required: f.required ? '是' : f.requiredWhen ? '条件必填' : '否',
      kind: KIND_TEXT[f.kind] ?? f.kind,
      values,
      rules: requirement(ctx, c),
    });
  }
  help.addRow({});
  help.addRow({ title: `说明：表头请保持与模板一致；从第2行开始填写数据，单次最多导入${MAX_IMPORT_ROWS}行；下拉选项填写显示文字；任意一行有误时整个文件都不会导入。` });
  help.getColumn('rules').alignment = { wrapText: true, vertical: 'top' };
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}
