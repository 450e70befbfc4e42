// @vitest-environment happy-dom
/**
 * app/title.ts: the browser title follows the page, set once the browser is idle (setting it is
 * the browser's own work, kept out of a menu click's path to the rows), the latest asked winning.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TITLE, TITLE_DELAY_MS, pageTitle, setDocumentTitle } from '../../src/client/app/title';

describe('document title', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.title = DEFAULT_TITLE;
  });
  afterEach(() => vi.useRealTimers());

  it('is set when the browser is idle, not in the task that asks for it', () => {
    setDocumentTitle(pageTitle('医生管理'));
    expect(document.title).toBe(DEFAULT_TITLE);
    vi.advanceTimersByTime(TITLE_DELAY_MS);
    expect(document.title).toBe('医生管理 - 互联网医院后台管理');
  });

  it('the latest title asked before it is set wins', () => {
    setDocumentTitle(pageTitle('医生管理'));
    setDocumentTitle(pageTitle('护士管理'));
    vi.advanceTimersByTime(TITLE_DELAY_MS);
    expect(document.title).toBe('护士管理 - 互联网医院后台管理');
    setDocumentTitle(pageTitle());
    vi.advanceTimersByTime(TITLE_DELAY_MS);
    expect(document.title).toBe(DEFAULT_TITLE);
  });
});
