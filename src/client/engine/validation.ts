/**
 * Client validation = server validation: Formily's format rule is replaced by
 * core `formatRule` (ID card check digit included), formats and their Chinese
 * messages are registered from core, and messages are zh-CN whatever the
 * browser language. Unique fields get a debounced server duplicate check.
 */
import {
  registerValidateFormats,
  registerValidateLocale,
  registerValidateRules,
  setValidateLanguage,
} from '@formily/core';
import { checkRule, FORMAT_NAMES, formatRule, MESSAGES, VALIDATE_FORMATS } from '../../core/validators/index';
import type { Envelope } from '../../core/protocol/envelope';
import { checkRuleCode, duplicateCheck, isAbort } from './api';

let installed = false;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Idempotent; called by the form chunk on load. */
export function installValidation(): void {
  if (installed) return;
  installed = true;
  setValidateLanguage('zh-CN');
  registerValidateFormats({ ...VALIDATE_FORMATS });
  registerValidateRules({
    format: formatRule,
    // `integer: true` / `precision: n` come from core fieldRules; Formily has no such rules
    integer: (value: unknown, rule: { integer?: boolean; message?: string }) =>
      (rule.integer && !isEmpty(value) ? checkRule({ type: 'integer', message: rule.message ?? '' }, value) ?? '' : ''),
    precision: (value: unknown, rule: { precision?: number; message?: string }) =>
      (rule.precision !== undefined && !isEmpty(value)
        ? checkRule({ type: 'precision', value: rule.precision, message: rule.message ?? '' }, value) ?? ''
        : ''),
  });
  const messages: Record<string, string> = {};
  for (const f of FORMAT_NAMES) messages[f] = MESSAGES[f];
  registerValidateLocale({ 'zh-CN': messages });
}

export const DUPLICATE_DEBOUNCE_MS = 300;
export const DUPLICATE_FALLBACK = '该值不可用，系统中已存在！';

/**
 * A Formily validator for one unique field. Calls within 300 ms collapse into
 * one request; a newer value aborts the older request and the older call
 * resolves as "no error" right away, so results arrive in order. Network
 * failures pass (the server checks again on save).
 */
export function duplicateValidator(resource: string, field: string, dataId: () => string | undefined) {
  return remoteValidator(
    (text, signal) => duplicateCheck({ resource, field, value: text, dataId: dataId() }, signal),
    DUPLICATE_FALLBACK,
  );
}

export const RULE_FALLBACK = '编码校验不通过';

/** Field `rule`: GET /sys/checkRule/checkByCode?ruleCode=&value=, debounced like the duplicate check. */
export function ruleValidator(ruleCode: string) {
  return remoteValidator((text, signal) => checkRuleCode(ruleCode, text, signal), RULE_FALLBACK);
}

/** A debounced, abortable server check returning the failure message ('' = ok). */
export function remoteValidator(call: (text: string, signal: AbortSignal) => Promise<Envelope<unknown>>, fallback: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;
  let settlePrevious: ((msg: string) => void) | undefined;
  // The answer for the last checked value: submit re-validates without a second request.
  let last: { value: string; message: string } | undefined;

  return (value: unknown): Promise<string> => new Promise<string>((resolve) => {
    if (timer) clearTimeout(timer);
    controller?.abort();
    settlePrevious?.('');
    settlePrevious = resolve;
    if (value === undefined || value === null || value === '') {
      resolve('');
      return;
    }
    const text = String(value);
    if (last && last.value === text) {
      resolve(last.message);
      return;
    }
    timer = setTimeout(() => {
      const ctl = new AbortController();
      controller = ctl;
      call(text, ctl.signal).then(
        (res) => {
          if (ctl.signal.aborted) return;
          const message = res.success ? '' : res.message || fallback;
          last = { value: text, message };
          resolve(message);
        },
        (err: unknown) => {
          if (ctl.signal.aborted || isAbort(err)) return;
          resolve('');
        },
      );
    }, DUPLICATE_DEBOUNCE_MS);
  });
}
